import type { KeystoreScope } from '../../platform/keystore-scope.ts';

/** What a payment-key call works with. */
export type KeyScope = KeystoreScope;

/** A row of a batch the rules refuse: its result says why, the other rows go on. */
export class RowRefusal extends Error {}

