import { loadDataDirKey } from '../../../platform/data-dir-key.ts';

export const MASTER_KEY_FILE = 'keystore-master.key';

/**
 * The software keystore's master key: KEYSTORE_MASTER_KEY, else a key generated at first start into
 * DATA_DIR/keystore-master.key (mode 0600). Never in the database: a copy of the database alone opens no key.
 */
export function loadMasterKey(configured: string | undefined, dataDir: string): Buffer {
  return loadDataDirKey(configured, dataDir, MASTER_KEY_FILE);
}
