import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '2' });
});
afterAll(() => t.close());

describe('token endpoint rate limit', () => {
  it('answers 429 with Retry-After in RFC 6749 shape once an address asks too often', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/rest/api/v2/oauth/token',
        remoteAddress: '198.51.100.7',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials&client_id=nobody&client_secret=nothing',
      });
    expect((await ask()).statusCode).toBe(401);
    expect((await ask()).statusCode).toBe(401);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/\S/) });
  });
});
