import type { KeystoreScope } from '../../platform/keystore-scope.ts';

/** What a certificate call works with: the keystore holds the CA keys. */
export type CertScope = KeystoreScope;
