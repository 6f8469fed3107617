import { loadDataDirKey } from './data-dir-key.ts';

export const AUDIT_KEY_FILE = 'audit.key';

/**
 * The key of the audit chain's links: AUDIT_KEY, else a key generated at first start into DATA_DIR/audit.key
 * (readable by the server's user only). Never in the database: that is what makes a rewritten log detectable.
 */
export function loadAuditKey(configured: string | undefined, dataDir: string): Buffer {
  return loadDataDirKey(configured, dataDir, AUDIT_KEY_FILE);
}
