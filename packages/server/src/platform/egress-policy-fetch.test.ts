import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressRefused, type Egress } from './egress-policy.ts';
import { egressFetch } from './egress-policy-fetch.ts';

const server = createServer((request, response) => {
  if (request.url === '/large') return response.end(Buffer.alloc(2 * 1024 * 1024));
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ method: request.method, host: request.headers.host, body }));
  });
});
let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A policy that checked the name and answered this address (what createEgress answers after its checks). */
const checkedTo = (address: string): Egress => ({ resolve: async () => ({ address, family: 4 }) });

describe('fetch through the egress policy', () => {
  it('connects to the address the policy checked, not to what a second lookup of the name would answer', async () => {
    // The name does not exist in DNS: the request arrives only because the socket went to the checked address.
    const fetch = egressFetch(checkedTo('127.0.0.1'));
    const res = await fetch(`http://provider.invalid:${port}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ a: 'b' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ method: 'POST', host: `provider.invalid:${port}`, body: 'a=b' });
  });

  it('refuses before connecting, and refuses an answer too large to be a provider’s', async () => {
    const refusing: Egress = { resolve: async () => Promise.reject(new EgressRefused('refused')) };
    await expect(egressFetch(refusing)(`http://127.0.0.1:${port}/`, { method: 'GET', headers: {} })).rejects.toBeInstanceOf(EgressRefused);
    await expect(egressFetch(checkedTo('127.0.0.1'))(`http://127.0.0.1:${port}/large`, { method: 'GET', headers: {} })).rejects.toThrow(/larger than/);
  });
});
