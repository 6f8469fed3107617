import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CSRF_HEADER } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { endpoints } from '@keydeck/contract/endpoint';
import { callApi, downloadApi } from './api-client';
import { ApiError, ResponseValidationError } from './api-error';

const schema = z.object({ server_version: z.string() });
const docs = { summary: 'A test operation', description: 'Declared here to exercise the client.' };
const test = endpoints({ product: 'identity', tag: 'Platform' }, {
  read: { method: 'GET', path: '/x', responses: { 200: schema }, ...docs },
  write: { method: 'POST', path: '/x', body: z.object({ a: z.number() }), responses: { 200: schema }, ...docs },
  replace: { method: 'PUT', path: '/x', body: z.object({}), responses: { 200: schema }, ...docs },
  readOne: { method: 'GET', path: '/x/:account_id/things/:thing_id', query: z.object({ search: z.string().optional(), archived: z.enum(['true', 'false']).optional() }), responses: { 200: schema }, ...docs },
  exportCsv: { method: 'GET', path: '/x', responses: { 200: schema }, ...docs },
});

function respond(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
}

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'VCSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('callApi', () => {
  it('sends the anti-forgery cookie value as read at request time, with credentials', async () => {
    const fetchSpy = respond(200, { server_version: '1.0.0' });
    document.cookie = 'VCSRF-TOKEN=first; path=/';
    await callApi(test.read, {});
    document.cookie = 'VCSRF-TOKEN=rotated; path=/';
    await callApi(test.write, { body: { a: 1 } });
    const headerOf = (call: number) => new Headers(fetchSpy.mock.calls[call]?.[1]?.headers).get(CSRF_HEADER);
    expect(headerOf(0)).toBe('first');
    expect(headerOf(1)).toBe('rotated');
    expect(fetchSpy.mock.calls[1]?.[1]?.credentials).toBe('include');
  });

  it('parses the success body with the contract schema', async () => {
    respond(200, { server_version: '1.0.0', extra: true });
    expect(await callApi(test.read, {})).toEqual({ server_version: '1.0.0' });
  });

  it("rejects a body that does not match the schema with 'Validation failed: ...'", async () => {
    respond(200, { server_version: 42 });
    const failure = callApi(test.read, {});
    await expect(failure).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(failure).rejects.toThrow(/^Validation failed: server_version: /);
  });

  it('turns a failure into an ApiError carrying the status, the parsed body and the call options', async () => {
    respond(403, { message: Messages.permissionDenied, request_id: 'r1' });
    const error: unknown = await callApi(test.read, { serviceScoped: true, serviceId: 'svc-1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      body: { message: Messages.permissionDenied, request_id: 'r1' },
      call: { serviceScoped: true, serviceId: 'svc-1' },
      message: Messages.permissionDenied,
    });
  });

  it('sends a bearer token in the Authorization header only when given one', async () => {
    const fetchSpy = respond(200, { server_version: '1.0.0' });
    await callApi(test.read, { bearer: 'jwt-1' });
    await callApi(test.read, {});
    const authorizationOf = (call: number) => new Headers(fetchSpy.mock.calls[call]?.[1]?.headers).get('Authorization');
    expect(authorizationOf(0)).toBe('Bearer jwt-1');
    expect(authorizationOf(1)).toBeNull();
  });

  it('adds the extra headers a call gives, without letting them replace its own', async () => {
    const fetchSpy = respond(200, { server_version: '1.0.0' });
    document.cookie = 'VCSRF-TOKEN=mine; path=/';
    await callApi(test.replace, { body: {}, headers: { 'Idempotency-Key': 'k-1', [CSRF_HEADER]: 'forged' } });
    const headers = new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('k-1');
    expect(headers.get(CSRF_HEADER)).toBe('mine');
  });

  it('answers a download (a CSV export) as the text that came', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('serial,group\nA1,North\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    expect(await downloadApi(test.exportCsv, {})).toBe('serial,group\nA1,North\n');
  });

  it('fills in the path parameters, each encoded, and sends the query without empty values', async () => {
    const fetchSpy = respond(200, { server_version: '1.0.0' });
    await callApi(test.readOne, { params: { account_id: 'a/1', thing_id: 't 2' }, query: { search: 'North & South', archived: false } });
    await callApi(test.readOne, { params: { account_id: 'a', thing_id: 't' }, query: { search: '' } });
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/x/a%2F1/things/t%202?search=North%20%26%20South&archived=false', '/x/a/things/t']);
  });

  it('checks the answer against the schema declared for the status that came', async () => {
    respond(201, { server_version: '1.0.0' });
    await expect(callApi(test.read, {})).rejects.toThrow(/status 201 is not declared/);
  });

  it("reports a network failure as status null with 'request failed'", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(test.read, {})).rejects.toMatchObject({ status: null, message: Messages.requestFailed });
  });
});
