import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CSRF_HEADER } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { apiRequest } from './api-client';
import { ApiError, ResponseValidationError } from './api-error';

const schema = z.object({ server_version: z.string() });

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

describe('apiRequest', () => {
  it('sends the anti-forgery cookie value as read at request time, with credentials', async () => {
    const fetchSpy = respond(200, { server_version: '1.0.0' });
    document.cookie = 'VCSRF-TOKEN=first; path=/';
    await apiRequest('/x', { schema });
    document.cookie = 'VCSRF-TOKEN=rotated; path=/';
    await apiRequest('/x', { schema, method: 'POST', body: { a: 1 } });
    const headerOf = (call: number) => new Headers(fetchSpy.mock.calls[call]?.[1]?.headers).get(CSRF_HEADER);
    expect(headerOf(0)).toBe('first');
    expect(headerOf(1)).toBe('rotated');
    expect(fetchSpy.mock.calls[1]?.[1]?.credentials).toBe('include');
  });

  it('parses the success body with the contract schema', async () => {
    respond(200, { server_version: '1.0.0', extra: true });
    expect(await apiRequest('/x', { schema })).toEqual({ server_version: '1.0.0' });
  });

  it("rejects a body that does not match the schema with 'Validation failed: ...'", async () => {
    respond(200, { server_version: 42 });
    const failure = apiRequest('/x', { schema });
    await expect(failure).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(failure).rejects.toThrow(/^Validation failed: server_version: /);
  });

  it('turns a failure into an ApiError carrying the status, the parsed body and the call options', async () => {
    respond(403, { message: Messages.permissionDenied, request_id: 'r1' });
    const error: unknown = await apiRequest('/x', { schema, serviceScoped: true, serviceId: 'svc-1' }).catch((caught: unknown) => caught);
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
    await apiRequest('/x', { schema, bearer: 'jwt-1' });
    await apiRequest('/x', { schema });
    const authorizationOf = (call: number) => new Headers(fetchSpy.mock.calls[call]?.[1]?.headers).get('Authorization');
    expect(authorizationOf(0)).toBe('Bearer jwt-1');
    expect(authorizationOf(1)).toBeNull();
  });

  it('adds the extra headers a call gives, without letting them replace its own', async () => {
    const fetchSpy = respond(200, { server_version: '1.0.0' });
    document.cookie = 'VCSRF-TOKEN=mine; path=/';
    await apiRequest('/x', { schema, method: 'PUT', body: {}, headers: { 'Idempotency-Key': 'k-1', [CSRF_HEADER]: 'forged' } });
    const headers = new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('k-1');
    expect(headers.get(CSRF_HEADER)).toBe('mine');
  });

  it('hands a text body (a CSV download) to the schema as text', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('serial,group\nA1,North\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    expect(await apiRequest('/x', { schema: z.string(), text: true })).toBe('serial,group\nA1,North\n');
  });

  it("reports a network failure as status null with 'request failed'", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/x', { schema })).rejects.toMatchObject({ status: null, message: Messages.requestFailed });
  });
});
