import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accountFeatures } from '../../db/schema/features.ts';

export function listFeatures(tx: Tx, accountId: string) {
  return tx.select().from(accountFeatures).where(eq(accountFeatures.accountId, accountId));
}

export async function upsertFeature(tx: Tx, accountId: string, featureName: string, featureValue: boolean) {
  await tx
    .insert(accountFeatures)
    .values({ accountId, featureName, featureValue })
    .onConflictDoUpdate({
      target: [accountFeatures.accountId, accountFeatures.featureName],
      set: { featureValue, updatedAt: sql`now()` },
    });
}
