import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { desc, lt, and, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { oauthSigningKeys } from '../../db/schema/oauth.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

const DAY_MS = 86_400_000;
const CONTEXT = 'oauth-signing-key';

export type SigningKey = { kid: string; jwk: Record<string, unknown> };

/**
 * The authorization server's RS256 keys, newest first (oidc-provider signs with the first). A key older than
 * rotationDays is followed by a new one; the previous stays published at the JWKS endpoint for another rotation
 * period (ID tokens live an hour, so relying parties always find the key of a token they hold), then is deleted.
 * Several server processes may do this at once: the generation's unique index lets one new key win.
 */
export async function currentSigningKeys(db: Db, box: SecretBox, rotationDays: number, now = new Date()): Promise<SigningKey[]> {
  const period = rotationDays * DAY_MS;
  let [newest] = await db.select().from(oauthSigningKeys).orderBy(desc(oauthSigningKeys.generation)).limit(1);
  if (!newest || newest.createdAt.getTime() <= now.getTime() - period) {
    const kid = randomUUID();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
    await db.insert(oauthSigningKeys)
      .values({
        kid,
        sealedJwk: box.seal(JSON.stringify(jwk), `${CONTEXT}:${kid}`),
        createdAt: now,
        generation: (newest?.generation ?? 0) + 1,
      })
      .onConflictDoNothing();
    [newest] = await db.select().from(oauthSigningKeys).orderBy(desc(oauthSigningKeys.generation)).limit(1);
  }
  await db.delete(oauthSigningKeys).where(and(lt(oauthSigningKeys.createdAt, new Date(now.getTime() - 2 * period)), ne(oauthSigningKeys.kid, newest!.kid)));
  const keys = await db.select().from(oauthSigningKeys).orderBy(desc(oauthSigningKeys.generation));
  return keys.map((k) => ({ kid: k.kid, jwk: JSON.parse(box.open(k.sealedJwk, `${CONTEXT}:${k.kid}`)) as Record<string, unknown> }));
}
