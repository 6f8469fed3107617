import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { currentSigningKeys } from './signing-keys.ts';

const DAY_MS = 86_400_000;
let t: TestApp;
const box = createSecretBox(Buffer.alloc(32, 7).toString('base64url'));
const kids = (keys: { kid: string }[]) => keys.map((k) => k.kid);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('signing keys', () => {
  it('keeps one key through its period, then signs with a new one while the previous stays published for a period', async () => {
    const now = Date.now();
    const first = await currentSigningKeys(t.database.db, box, 30, new Date(now));
    expect(first).toHaveLength(1);
    expect(first[0]!.jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: first[0]!.kid });
    expect(kids(await currentSigningKeys(t.database.db, box, 30, new Date(now + 29 * DAY_MS)))).toEqual(kids(first));

    const rotated = await currentSigningKeys(t.database.db, box, 30, new Date(now + 31 * DAY_MS));
    expect(rotated).toHaveLength(2);
    expect(rotated[1]!.kid).toBe(first[0]!.kid);

    const later = await currentSigningKeys(t.database.db, box, 30, new Date(now + 62 * DAY_MS));
    expect(kids(later)).not.toContain(first[0]!.kid);
    expect(later[0]!.kid).not.toBe(rotated[0]!.kid);
  });

  it('keeps private keys sealed in the database', async () => {
    const [key] = await currentSigningKeys(t.database.db, box, 30);
    const rows = await queryRows<{ sealed_jwk: string }>(t.database.db, sql`select sealed_jwk from oauth_signing_keys`);
    for (const row of rows) expect(row.sealed_jwk).not.toContain(String(key!.jwk.d));
  });

  it('agrees on one new key when processes rotate at once', async () => {
    const at = new Date(Date.now() + 400 * DAY_MS);
    const [a, b] = await Promise.all([currentSigningKeys(t.database.db, box, 30, at), currentSigningKeys(t.database.db, box, 30, at)]);
    expect(a![0]!.kid).toBe(b![0]!.kid);
  });
});
