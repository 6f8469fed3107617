import { describe, expect, it } from 'vitest';
import { decryptBackup, encryptBackup } from './backup-file.ts';

const HSM = '6f1c2a9e-0000-4000-8000-000000000001';
const OTHER = '6f1c2a9e-0000-4000-8000-000000000002';

describe('encrypted token backups', () => {
  it('open with their passphrase for their HSM only', async () => {
    const token = Buffer.from('the token files');
    const file = await encryptBackup(token, 'correct horse battery', HSM);
    expect(file.subarray(0, 8).toString('ascii')).toBe('KDHSMBK1');
    expect(file.includes(token)).toBe(false);
    expect(await decryptBackup(file, 'correct horse battery', HSM)).toEqual(token);
    expect(await decryptBackup(file, 'correct horse batterY', HSM)).toBeNull();
    expect(await decryptBackup(file, 'correct horse battery', OTHER)).toBeNull();
  });

  it('refuse a changed byte anywhere, a cut file and a file that is not a backup', async () => {
    const file = await encryptBackup(Buffer.from('x'.repeat(64)), 'correct horse battery', HSM);
    for (const at of [9, 30, 40, file.length - 1]) {
      const changed = Buffer.from(file);
      changed[at] = changed[at]! ^ 1;
      expect(await decryptBackup(changed, 'correct horse battery', HSM), `byte ${at}`).toBeNull();
    }
    expect(await decryptBackup(file.subarray(0, 40), 'correct horse battery', HSM)).toBeNull();
    expect(await decryptBackup(Buffer.from('KDSH2BAK...........................................'), 'correct horse battery', HSM)).toBeNull();
  });

  it('never encrypt twice alike (fresh salt and IV)', async () => {
    const token = Buffer.from('same');
    const [a, b] = await Promise.all([encryptBackup(token, 'correct horse battery', HSM), encryptBackup(token, 'correct horse battery', HSM)]);
    expect(a.equals(b)).toBe(false);
  });
});
