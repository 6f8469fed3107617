import type { Tx } from '../../db/database.ts';
import type { ServiceAccess } from '../../platform/service-access.ts';
import type { Keystore } from '../../platform/keystore.ts';

/** What a payment-key call works with: its transaction, the service session, who acts, and the keystore. */
export type KeyScope = {
  tx: Tx;
  accountId: string;
  access: ServiceAccess;
  actor: string;
  keystore: Keystore;
  /** Work that must wait until the request's changes are committed (destroying a deleted key's token object). */
  afterCommit: (task: () => Promise<unknown>) => void;
};

/** A row of a batch the rules refuse: its result says why, the other rows go on. */
export class RowRefusal extends Error {}

export const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());
