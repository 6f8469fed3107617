import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'keydeck-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><script>window.x = 1;</script></head><body></body></html>');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A policy's directives by name, each with its sources. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function policyOf(path: string) {
  const res = await new Visitor(t.app).get(path);
  return { status: res.statusCode, csp: directives(res.headers['content-security-policy'] as string | undefined) };
}

describe('the content security policy of the console’s pages', () => {
  it('lets the billing pages load Stripe.js, frame Stripe’s fields and call Stripe’s API, as Stripe documents', async () => {
    for (const path of ['/v2/home/settings/billing', '/v2/home/settings/billing/payment-methods', '/v2/home/settings/billing/getmoreservices?x=1']) {
      const { status, csp } = await policyOf(path);
      expect([path, status]).toEqual([path, 200]);
      expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']));
      expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
      // The rest of the strict policy stays: the inline script's hash, no framing of the console, no plugins.
      expect(csp.get('script-src')!.some((source) => source.startsWith("'sha256-"))).toBe(true);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('keeps every other page, asset and API answer on the strict policy, with no Stripe host', async () => {
    for (const path of ['/', '/home', '/v2/home/settings/general', '/v2/home/settings/billingx', '/login?continue=/v2/home/settings/billing', '/rest/api/v1/login', '/assets/none.js']) {
      const { csp } = await policyOf(path);
      expect([path, csp.get('script-src')!.filter((source) => source.startsWith('https:'))]).toEqual([path, []]);
      expect([path, csp.get('connect-src')]).toEqual([path, ["'self'"]]);
      expect([path, csp.get('frame-src')]).toEqual([path, undefined]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
    }
  });
});
