import { isKeyPair, type Keystore } from '../../../platform/keystore.ts';
import { withClear } from './pkcs11-key-export.ts';
import { generateKeyPair, sign } from './pkcs11-key-pairs.ts';
import { clearIndex, emptyIndex, tokenObjects } from './pkcs11-objects.ts';
import { cmac, generateSecretKey, importSecretKey } from './pkcs11-secret-keys.ts';
import { openTokenSession, type Pkcs11Options } from './pkcs11-session.ts';
import { canApplyVariant, encryptEcb } from './pkcs11-variants.ts';

/**
 * Keys as objects on a PKCS#11 token (an HSM; SoftHSM2 in tests): sensitive, and not extractable unless created
 * exportable. Operations run on the token; a token that goes away makes calls fail with KeystoreUnavailableError
 * until it is back, the keystore opening a new session on the next call. A key pair (a CA's) keeps only its private
 * key on the token, sensitive and never extractable; its public key is read back as SPKI and not kept there.
 * This file puts the parts together: the session (pkcs11-session), the index of the token's objects
 * (pkcs11-objects), secret keys (pkcs11-secret-keys), their values for export (pkcs11-key-export), variants
 * (pkcs11-variants) and key pairs (pkcs11-key-pairs).
 */
export function createPkcs11Keystore(options: Pkcs11Options): Keystore {
  const index = emptyIndex();
  const session = openTokenSession(options, () => clearIndex(index));
  const token = tokenObjects(session, index);

  return {
    kind: 'pkcs11',
    generate: async (key) => generateSecretKey(token, key),
    importClear: async (key, clear) => importSecretKey(token, key, clear),
    encryptEcb: (key, data, variant) => encryptEcb(token, key, data, variant),
    cmac: async (key, data) => cmac(token, key, data),
    canApplyVariant,
    withClear: (key, work) => withClear(token, key, work),
    generateKeyPair: async (key) => generateKeyPair(token, key),
    sign: async (key, digest, data) => sign(token, key, digest, data),
    async destroy(key) {
      const id = token.idOf(key);
      session.run((s) => {
        // A key pair leaves its private key on the token (its public key was never kept there).
        const found = isKeyPair(key) ? token.findObjects(s, id, null) : token.findObjects(s, id);
        token.forget(id);
        // Nothing found is done, unless it is the token that is gone (run asks it when this throws).
        if (!found.length && session.tokenGone()) throw new Error(`The HSM token ${options.tokenLabel} does not answer`);
        for (const object of found) session.p11.C_DestroyObject(s, object);
      });
    },
    close: async () => session.close(),
  };
}
