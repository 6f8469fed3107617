import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * Per-account feature flags. The value is stored as given (JSON) because a feature is on only when its
 * value is exactly true (spec §6): "true", 1 or "yes" are kept but do not switch it on.
 */
export const accountFeatures = pgTable(
  'account_features',
  {
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    featureName: text('feature_name').notNull(),
    featureValue: jsonb('feature_value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.featureName] })],
);
