import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';

/**
 * An encrypted token backup: `KDHSMBK1` | salt (16) | iv (12) | tag (16) | ciphertext. The key is
 * scrypt(passphrase, salt) (N=2^15, r=8, p=1: about 32 MiB and a tenth of a second), the cipher AES-256-GCM, and
 * the header and the HSM's id are its associated data: a backup opens only with its passphrase and only for the
 * HSM it was made of, and any change to it is refused.
 */
const MAGIC = Buffer.from('KDHSMBK1', 'ascii');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const associatedData = (header: Buffer, hsmId: string) => Buffer.concat([header, Buffer.from(`cloud-hsm:${hsmId}`, 'utf8')]);

export async function encryptBackup(plaintext: Buffer, passphrase: string, hsmId: string): Promise<Buffer> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const header = Buffer.concat([MAGIC, salt, iv]);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  cipher.setAAD(associatedData(header, hsmId));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([header, cipher.getAuthTag(), ciphertext]);
}

/** The backup's plaintext; null when it is not a backup, was changed, or the passphrase or HSM is another. */
export async function decryptBackup(file: Buffer, passphrase: string, hsmId: string): Promise<Buffer | null> {
  if (file.length < HEADER_BYTES + TAG_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const header = file.subarray(0, HEADER_BYTES);
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const iv = header.subarray(MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  decipher.setAAD(associatedData(header, hsmId));
  decipher.setAuthTag(file.subarray(HEADER_BYTES, HEADER_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(file.subarray(HEADER_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
