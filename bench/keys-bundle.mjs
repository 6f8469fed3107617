import { bundleServerModules, serverSource as source } from './server-bundle.mjs';

// What the key bench uses of the server: the two keystores, the key operations the screens run, and the master
// key as the server loads it.
const ENTRY = `
export { createSoftwareKeystore } from '${source('modules/payment-keys/keystore/software-keystore.ts')}';
export { createPkcs11Keystore } from '${source('modules/payment-keys/keystore/pkcs11-keystore.ts')}';
export { loadMasterKey, MASTER_KEY_FILE } from '${source('modules/payment-keys/keystore/master-key.ts')}';
export { kcvOf, exportKeyBlock, handleOf } from '${source('modules/payment-keys/key-operations.ts')}';
export { unwrapTr31 } from '${source('modules/payment-keys/crypto/tr31.ts')}';
export { defaultKcvMethod, kcvOfClearKey } from '${source('modules/payment-keys/crypto/kcv.ts')}';
`;

/** The key modules bundled from the server's sources (server-bundle.mjs): the bundle's path and remove(). */
export const bundleKeyModules = () => bundleServerModules(ENTRY, 'keys');
