import type { Tx } from '../../db/database.ts';
import type { Keystore } from '../../platform/keystore.ts';
import type { ServiceAccess } from '../../platform/service-access.ts';

/** What a certificate call works with: its transaction, the service session, who acts, and the keystore holding CA keys. */
export type CertScope = {
  tx: Tx;
  accountId: string;
  access: ServiceAccess;
  actor: string;
  keystore: Keystore;
  /** Work that must wait until the request's changes are committed (destroying a deleted CA's key). */
  afterCommit: (task: () => Promise<unknown>) => void;
};

export const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());
