import type { SecretKeyInfo, TokenHealth, WrappedKey } from '../hsm-driver.ts';
import type { SoftHsm2ErrorCode } from './softhsm2-error.ts';

/**
 * One request to the token worker, as JSON on its stdin (the only place PINs and key material travel), and its one
 * answer as JSON on its stdout. The worker serves the partition named by its SOFTHSM2_CONF.
 */
export type WorkerRequest =
  | { op: 'createPartition'; label: string; soPin: string; userPin: string }
  | { op: 'health'; userPin: string }
  | { op: 'rotateUserPin'; currentPin: string; newPin: string }
  | { op: 'listSecretKeys'; userPin: string }
  /** clusterKey in base64. */
  | { op: 'exportWrapped'; userPin: string; clusterKey: string; keys: SecretKeyInfo[] }
  | { op: 'importWrapped'; userPin: string; clusterKey: string; keys: WrappedKey[] };

export type WorkerOp = WorkerRequest['op'];

export type WorkerResults = {
  createPartition: { serial: string };
  health: TokenHealth;
  rotateUserPin: null;
  listSecretKeys: SecretKeyInfo[];
  exportWrapped: WrappedKey[];
  /** How many keys were made (the others were there already). */
  importWrapped: { imported: number };
};

export type WorkerAnswer = { ok: true; result: unknown } | { ok: false; error: { code: SoftHsm2ErrorCode; message: string } };
