import type { Tx } from '../../db/database.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

/** What a transfer call works with: its transaction, the service session's account and service, who acts. */
export type TransferScope = { tx: Tx; accountId: string; serviceId: string; actor: string; secretBox: SecretBox };
