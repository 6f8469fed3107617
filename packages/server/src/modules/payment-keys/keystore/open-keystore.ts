import type { Config } from '../../../config.ts';
import type { Keystore } from '../../../platform/keystore.ts';
import { keystoreOperations } from '../../../platform/metrics.ts';
import { loadMasterKey } from './master-key.ts';
import { createPkcs11Keystore } from './pkcs11-keystore.ts';
import { createSoftwareKeystore } from './software-keystore.ts';

/** The keystore the configuration names: software (the zero-set-up default) or a PKCS#11 token; its operations counted. */
export async function openKeystore(config: Config['keystore'], dataDir: string): Promise<Keystore> {
  const keystore = config.kind === 'pkcs11' ? await createPkcs11Keystore(config) : createSoftwareKeystore(loadMasterKey(config.masterKey, dataDir));
  return counted(keystore);
}

/**
 * The keystore with each asynchronous operation counted in keydeck_keystore_operations_total when it settles (a
 * token that stops answering shows as failures); what the operations take and give is unchanged.
 */
function counted(keystore: Keystore): Keystore {
  return new Proxy(keystore, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        const labels = { keystore: target.kind, operation: property };
        return result.then(
          (settled: unknown) => {
            keystoreOperations.inc({ ...labels, outcome: 'success' });
            return settled;
          },
          (error: unknown) => {
            keystoreOperations.inc({ ...labels, outcome: 'failure' });
            throw error;
          },
        );
      };
    },
  });
}
