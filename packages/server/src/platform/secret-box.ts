import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

/**
 * Encrypts small secrets (for example identity providers' client secrets) for storage: AES-256-GCM with a fresh
 * 96-bit IV each time. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url); the version names the
 * format so the key or algorithm can change later. `context` (the row's purpose and id) is bound as additional
 * authenticated data: a sealed value copied onto another row does not open there.
 */
export function createSecretBox(key: string) {
  const keyBytes = Buffer.from(key, 'base64url');
  if (keyBytes.length !== KEY_BYTES) throw new Error('The encryption key must be 32 bytes, base64url-encoded');

  return {
    seal(plaintext: string, context: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, keyBytes, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },

    /** The plaintext; throws when the value was altered, sealed under another key or for another context. */
    open(sealed: string, context: string): string {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv(ALGORITHM, keyBytes, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

export function newEncryptionKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}
