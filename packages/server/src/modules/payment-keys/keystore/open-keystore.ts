import type { Config } from '../../../config.ts';
import type { Keystore } from '../../../platform/keystore.ts';
import { loadMasterKey } from './master-key.ts';
import { createPkcs11Keystore } from './pkcs11-keystore.ts';
import { createSoftwareKeystore } from './software-keystore.ts';

/** The keystore the configuration names: software (the zero-set-up default) or a PKCS#11 token. */
export async function openKeystore(config: Config['keystore'], dataDir: string): Promise<Keystore> {
  if (config.kind === 'pkcs11') return createPkcs11Keystore(config);
  return createSoftwareKeystore(loadMasterKey(config.masterKey, dataDir));
}
