import { createCipheriv, createDecipheriv, randomBytes, scrypt, type CipherGCM, type DecipherGCM } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, open, rm, stat } from 'node:fs/promises';
import { z } from 'zod';

/**
 * A backup is one file: a line naming the format, a JSON header line, then two AES-256-GCM sealed parts under a key
 * derived from the passphrase with scrypt: what lives outside the database (the secrets), then the database dump,
 * each followed by its 16-byte tag. The header lines are the associated data of both, so none of it can be changed
 * unnoticed. The dump is sealed too: it holds users' addresses, password hashes and the audit log.
 */
const MAGIC = 'keydeck-backup\n';
const TAG_BYTES = 16;
const HEADER_LIMIT = 64 * 1024;
/** scrypt at 128 MiB and about half a second a guess; the header records them, so a later version may raise them. */
const KDF = { N: 2 ** 17, r: 8, p: 1 };

const header = z.object({
  version: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['postgres', 'pglite']),
  // Bounded: a forged header must not make the restore ask for unbounded memory or time.
  kdf: z.object({ name: z.literal('scrypt'), salt: z.string(), N: z.number().int().min(2 ** 14).max(2 ** 20), r: z.number().int().min(1).max(8), p: z.number().int().min(1).max(16) }),
  secrets: z.object({ iv: z.string(), bytes: z.number().int().nonnegative() }),
  dump: z.object({ iv: z.string(), bytes: z.number().int().nonnegative() }),
});
export type BackupHeader = z.infer<typeof header>;

export class BackupError extends Error {}

export const WRONG_PASSPHRASE = 'The passphrase does not open this backup (or the file was altered): nothing was restored';

function deriveKey(passphrase: string, kdf: BackupHeader['kdf']): Promise<Buffer> {
  const { N, r, p } = kdf;
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 32, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Writes the backup to a new file (never over an existing one), mode 0600. It is written beside under another name
 * and linked into place once complete and synced: the name never shows a backup cut short by a crash.
 */
export async function writeBackupFile(
  path: string,
  passphrase: string,
  content: { database: BackupHeader['database']; secrets: Buffer; dumpPath: string },
): Promise<void> {
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
  const file = await open(partial, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`Cannot write ${path}: ${error.message}`);
  });
  try {
    const dumpBytes = (await stat(content.dumpPath)).size;
    const kdf = { name: 'scrypt' as const, salt: randomBytes(16).toString('base64'), ...KDF };
    const head: BackupHeader = {
      version: 1,
      createdAt: new Date().toISOString(),
      database: content.database,
      kdf,
      secrets: { iv: randomBytes(12).toString('base64'), bytes: content.secrets.length },
      dump: { iv: randomBytes(12).toString('base64'), bytes: dumpBytes },
    };
    const aad = Buffer.from(`${MAGIC}${JSON.stringify(head)}\n`);
    const key = await deriveKey(passphrase, kdf);
    await file.write(aad);
    const secrets = cipher(key, head.secrets.iv, aad);
    await file.write(Buffer.concat([secrets.update(content.secrets), secrets.final(), secrets.getAuthTag()]));
    const dump = cipher(key, head.dump.iv, aad);
    for await (const chunk of createReadStream(content.dumpPath)) await file.write(dump.update(chunk as Buffer));
    await file.write(Buffer.concat([dump.final(), dump.getAuthTag()]));
    await file.sync();
    await file.close();
    await link(partial, path).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EEXIST' ? new BackupError(`${path} exists: name a new file`) : error;
    });
  } finally {
    await file.close().catch(() => undefined);
    await rm(partial, { force: true });
  }
}

export type OpenedBackup = {
  header: BackupHeader;
  secrets: Buffer;
  /** Decrypts the dump into a new file (mode 0600); refused, and the file removed, if its tag does not hold. */
  extractDump(to: string): Promise<void>;
};

/** Reads the header and opens the secrets: a wrong passphrase is refused here, before anything is written. */
export async function openBackupFile(path: string, passphrase: string): Promise<OpenedBackup> {
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(error.code === 'ENOENT' ? `No backup file at ${path}` : `Cannot read ${path}: ${error.message}`);
  });
  try {
    const { size } = await file.stat();
    const start = Buffer.alloc(Math.min(size, HEADER_LIMIT));
    await file.read(start, 0, start.length, 0);
    const end = start.indexOf('\n', MAGIC.length);
    if (!start.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC)) || end < 0) throw new BackupError(`${path} is not a Keydeck backup`);
    const parsed = header.safeParse(JSON.parse(start.subarray(MAGIC.length, end).toString('utf8')));
    if (!parsed.success) throw new BackupError(`${path} is a Keydeck backup of a version this server does not read`);
    const head = parsed.data;
    const aad = start.subarray(0, end + 1);
    const secretsAt = aad.length;
    const dumpAt = secretsAt + head.secrets.bytes + TAG_BYTES;
    if (size !== dumpAt + head.dump.bytes + TAG_BYTES) throw new BackupError(`${path} is cut short or has bytes added: it cannot be restored`);
    const key = await deriveKey(passphrase, head.kdf);
    const sealed = Buffer.alloc(head.secrets.bytes + TAG_BYTES);
    await file.read(sealed, 0, sealed.length, secretsAt);
    const secretsDecipher = decipher(key, head.secrets.iv, aad, sealed.subarray(head.secrets.bytes));
    let secrets: Buffer;
    try {
      secrets = Buffer.concat([secretsDecipher.update(sealed.subarray(0, head.secrets.bytes)), secretsDecipher.final()]);
    } catch {
      throw new BackupError(WRONG_PASSPHRASE);
    }
    return {
      header: head,
      secrets,
      async extractDump(to) {
        const tag = Buffer.alloc(TAG_BYTES);
        const source = await open(path, 'r');
        try {
          await source.read(tag, 0, TAG_BYTES, dumpAt + head.dump.bytes);
        } finally {
          await source.close();
        }
        const dump = decipher(key, head.dump.iv, aad, tag);
        const out = await open(to, 'wx', 0o600);
        try {
          if (head.dump.bytes > 0) {
            for await (const chunk of createReadStream(path, { start: dumpAt, end: dumpAt + head.dump.bytes - 1 })) await out.write(dump.update(chunk as Buffer));
          }
          try {
            await out.write(dump.final());
          } catch {
            throw new BackupError("The backup's database dump was altered: nothing was restored");
          }
          await out.close();
        } catch (error) {
          await out.close().catch(() => undefined);
          await rm(to, { force: true });
          throw error;
        }
      },
    };
  } catch (error) {
    if (error instanceof SyntaxError) throw new BackupError(`${path} is not a Keydeck backup`);
    throw error;
  } finally {
    await file.close();
  }
}

function cipher(key: Buffer, iv: string, aad: Buffer): CipherGCM {
  const c = createCipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  c.setAAD(aad);
  return c;
}

function decipher(key: Buffer, iv: string, aad: Buffer, tag: Buffer): DecipherGCM {
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  d.setAAD(aad);
  d.setAuthTag(tag);
  return d;
}
