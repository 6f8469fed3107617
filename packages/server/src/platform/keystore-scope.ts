import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import type { Keystore } from './keystore.ts';
import type { ServiceAccess } from './service-access.ts';
import type { ServiceDataScope } from './service-data-routes.ts';

/** What a service data call on keys works with: its transaction, the service session, who acts, and the keystore. */
export type KeystoreScope = {
  tx: Tx;
  accountId: string;
  access: ServiceAccess;
  actor: string;
  keystore: Keystore;
  /** Work that must wait until the request's changes are committed (destroying a deleted key's token object). */
  afterCommit: (task: () => Promise<unknown>) => void;
};

/** A service data request's scope with the keystore; a clean-up after commit that fails is logged, never the request's failure. */
export function keystoreScope(base: ServiceDataScope, request: FastifyRequest, keystore: Keystore): KeystoreScope {
  return {
    tx: base.tx,
    accountId: base.accountId,
    access: base.access,
    actor: base.actor,
    keystore,
    afterCommit: (task) =>
      request.afterCommit.push(async () => void (await task().catch((error: unknown) => request.log.warn({ err: error }, 'keystore clean-up failed')))),
  };
}
