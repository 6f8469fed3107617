import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, HsmDriver, Partition } from '../hsm-driver.ts';
import { createSoftHsm2Driver } from './softhsm2-driver.ts';
import { encodeBackup } from './token-files.ts';

const run = promisify(execFile);
const pin = () => `pin-${randomBytes(6).toString('hex')}`;

let dir: string;
let driver: HsmDriver;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keydeck-softhsm2-driver-'));
  driver = createSoftHsm2Driver({ root: join(dir, 'partitions') });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Made = Partition & { label: string; userPin: string; connection: Connection };

async function partition(hsmId: string, label: string): Promise<Made> {
  const userPin = pin();
  const made = await driver.createPartition({ hsmId, label, soPin: pin(), userPin });
  return { ...made, label, userPin, connection: driver.connection(made.ref, label) };
}

/** opensc's pkcs11-tool on the partition, as a customer's PKCS#11 application would reach it (never a shell). */
async function pkcs11Tool(connection: Connection, args: string[]): Promise<string> {
  const { stdout } = await run('pkcs11-tool', ['--module', connection.module, ...args], {
    env: { PATH: process.env.PATH, ...connection.environment },
    timeout: 20_000,
  });
  return stdout;
}

const onToken = (p: Made, userPin: string, args: string[]) => pkcs11Tool(p.connection, ['--token-label', p.label, '--login', '--pin', userPin, ...args]);
const keygen = (p: Made, label: string, id: string, ...flags: string[]) =>
  onToken(p, p.userPin, ['--keygen', '--key-type', 'AES:32', '--label', label, '--id', id, ...flags]);
const tokenLabels = async (connection: Connection) =>
  [...(await pkcs11Tool(connection, ['--list-slots'])).matchAll(/token label\s*:\s*(.*)$/gm)].map((match) => match[1]!.trim());
/** The secret keys pkcs11-tool lists on the token, as 'label/id'. */
const secretKeys = async (p: Made) =>
  [...(await onToken(p, p.userPin, ['--list-objects', '--type', 'secrkey'])).matchAll(/label:\s*(.*)\n\s*ID:\s*(\S+)/g)].map((m) => `${m[1]!.trim()}/${m[2]}`).sort();

/** One AES block encrypted under the key with the id on the token: equal outputs on two tokens mean equal keys. */
async function encryptBlock(p: Made, id: string): Promise<Buffer> {
  const input = join(dir, 'block');
  const output = join(dir, `out-${randomBytes(4).toString('hex')}`);
  writeFileSync(input, Buffer.from('00112233445566778899aabbccddeeff', 'hex'));
  await onToken(p, p.userPin, ['--encrypt', '--mechanism', 'AES-ECB', '--id', id, '--input-file', input, '--output-file', output]);
  const encrypted = readFileSync(output);
  expect(encrypted).toHaveLength(16);
  return encrypted;
}

describe('the SoftHSM2 driver', { timeout: 60_000 }, () => {
  it('creates a partition that a PKCS#11 application finds by its label, again idempotently, and counts the keys made on it', async () => {
    const a = await partition('hsm-a', 'Customer A');
    expect(a.ref).toBe(join(dir, 'partitions', 'hsm-a'));
    expect(statSync(a.ref).mode & 0o777).toBe(0o700);
    expect(statSync(join(a.ref, 'softhsm2.conf')).mode & 0o777).toBe(0o600);
    expect(a.connection).toEqual({
      module: '/usr/lib/softhsm/libsofthsm2.so', environment: { SOFTHSM2_CONF: join(a.ref, 'softhsm2.conf') }, tokenLabel: 'Customer A', slotId: null,
    });
    expect(await tokenLabels(a.connection)).toEqual(['Customer A']);
    expect(await pkcs11Tool(a.connection, ['--list-slots'])).toContain(`serial num         : ${a.serial}`);

    const again = await driver.createPartition({ hsmId: 'hsm-a', label: 'Customer A', soPin: pin(), userPin: pin() });
    expect(again).toEqual({ ref: a.ref, serial: a.serial });
    expect(await tokenLabels(a.connection)).toEqual(['Customer A']);
    await expect(driver.createPartition({ hsmId: 'hsm-a', label: 'Someone else', soPin: pin(), userPin: pin() })).rejects.toMatchObject({ code: 'conflict' });
    await expect(driver.createPartition({ hsmId: 'hsm-long', label: 'L'.repeat(33), soPin: pin(), userPin: pin() })).rejects.toMatchObject({ code: 'bad_request' });
    expect(readdirSync(join(dir, 'partitions'))).toEqual(['hsm-a']);

    const before = await driver.health(a.ref, a.userPin);
    expect(before).toMatchObject({ model: 'SoftHSM v2', manufacturer: 'SoftHSM project', serial: a.serial, objects: 0, secretKeys: 0 });
    expect(before.firmware).toMatch(/^\d+\.\d+$/);
    await keygen(a, 'k1', '01');
    const after = await driver.health(a.ref, a.userPin);
    expect(after).toMatchObject({ objects: 1, secretKeys: 1, privateKeys: 0, publicKeys: 0, certificates: 0 });
    expect(await driver.listSecretKeys(a.ref, a.userPin)).toEqual([{ id: '01', label: 'k1', keyType: 'AES', extractable: false }]);
  });

  it('rotates the user PIN: the old one no longer opens the token, the new one does', async () => {
    const a = await partition('hsm-a', 'Customer A');
    const newPin = pin();
    await driver.rotateUserPin(a.ref, a.userPin, newPin);

    await expect(onToken(a, a.userPin, ['--list-objects'])).rejects.toMatchObject({ stderr: expect.stringContaining('CKR_PIN_INCORRECT') });
    await expect(onToken(a, newPin, ['--list-objects'])).resolves.toBeDefined();
    const refused = await driver.health(a.ref, a.userPin).catch((error: Error) => error);
    expect(refused).toMatchObject({ code: 'pin_incorrect' });
    expect((refused as Error).message).not.toContain(a.userPin);
    await expect(driver.rotateUserPin(a.ref, a.userPin, pin())).rejects.toMatchObject({ code: 'pin_incorrect' });
  });

  it('restores a backup: the keys are as they were at the backup, and a damaged or escaping backup is refused', async () => {
    const a = await partition('hsm-a', 'Customer A');
    await keygen(a, 'kept', '01');
    const backup = await driver.backup(a.ref);
    await keygen(a, 'later', '02');
    await onToken(a, a.userPin, ['--delete-object', '--type', 'secrkey', '--id', '01']);
    expect(await secretKeys(a)).toEqual(['later/02']);

    await driver.restore(a.ref, backup);
    expect(await secretKeys(a)).toEqual(['kept/01']);
    expect(await tokenLabels(a.connection)).toEqual(['Customer A']);
    expect(readdirSync(a.ref).sort()).toEqual(['softhsm2.conf', 'tokens']);

    const damaged = Buffer.from(backup);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    await expect(driver.restore(a.ref, damaged)).rejects.toMatchObject({ code: 'bad_backup', message: expect.stringContaining('damaged') });
    await expect(driver.restore(a.ref, Buffer.from('not a backup'))).rejects.toMatchObject({ code: 'bad_backup' });
    for (const path of ['../escaped', 'x/../../escaped', '/tmp/escaped']) {
      await expect(driver.restore(a.ref, encodeBackup([{ path, data: Buffer.from('x') }]))).rejects.toMatchObject({
        code: 'bad_backup', message: expect.stringContaining('leaves the token directory'),
      });
    }
    expect(existsSync(join(a.ref, 'escaped'))).toBe(false);
    expect(await secretKeys(a)).toEqual(['kept/01']);
  });

  it('copies extractable keys from one partition to another under a cluster key, once, and refuses a key that is not extractable', async () => {
    const a = await partition('hsm-a', 'Customer A');
    const b = await partition('hsm-b', 'Customer B');
    await keygen(a, 'shared', '0a', '--extractable', '--sensitive');
    await keygen(a, 'pinned', '0b');
    const clusterKey = randomBytes(32);

    const keys = await driver.listSecretKeys(a.ref, a.userPin);
    const shared = keys.find((key) => key.label === 'shared')!;
    const pinned = keys.find((key) => key.label === 'pinned')!;
    expect(shared).toEqual({ id: '0a', label: 'shared', keyType: 'AES', extractable: true });
    const wrapped = await driver.exportWrapped(a.ref, a.userPin, clusterKey, [shared]);
    expect(wrapped).toHaveLength(1);
    expect(Buffer.from(wrapped[0]!.wrapped, 'base64')).toHaveLength(40); // RFC 5649: 32 bytes and 8 of integrity.
    expect(wrapped[0]!.attributes).toMatchObject({ CKA_ENCRYPT: true, CKA_SENSITIVE: true, CKA_EXTRACTABLE: true });
    // The cluster key was a session object: nothing more is left on the token.
    expect((await driver.health(a.ref, a.userPin)).objects).toBe(2);

    await driver.importWrapped(b.ref, b.userPin, clusterKey, wrapped);
    expect(await secretKeys(b)).toEqual(['shared/0a']);
    expect(await driver.listSecretKeys(b.ref, b.userPin)).toEqual([shared]);
    expect(await encryptBlock(b, '0a')).toEqual(await encryptBlock(a, '0a'));

    await driver.importWrapped(b.ref, b.userPin, clusterKey, wrapped);
    expect((await driver.health(b.ref, b.userPin)).secretKeys).toBe(1);

    await expect(driver.exportWrapped(a.ref, a.userPin, clusterKey, [shared, pinned])).rejects.toMatchObject({
      code: 'not_extractable', message: expect.stringContaining('Key pinned is not extractable'),
    });
    await expect(driver.importWrapped(b.ref, b.userPin, randomBytes(32), [{ ...wrapped[0]!, id: '0c' }])).rejects.toMatchObject({ code: 'pkcs11' });
    expect((await driver.health(b.ref, b.userPin)).secretKeys).toBe(1);
  });

  it('destroys a partition: its token files are zeroized and removed, and no application sees the token any more', async () => {
    const a = await partition('hsm-a', 'Customer A');
    await keygen(a, 'k1', '01');
    const tokenDir = readdirSync(join(a.ref, 'tokens'))[0]!;
    const watch = join(dir, 'token.object');
    linkSync(join(a.ref, 'tokens', tokenDir, 'token.object'), watch);

    await driver.destroyPartition(a.ref);
    expect(existsSync(a.ref)).toBe(false);
    const left = readFileSync(watch);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((byte) => byte === 0)).toBe(true);
    const seen = await tokenLabels(a.connection).catch(() => []);
    expect(seen).not.toContain('Customer A');
    await expect(driver.health(a.ref, a.userPin)).rejects.toMatchObject({ code: 'no_token' });

    await expect(driver.destroyPartition(a.ref)).resolves.toBeUndefined();
    await expect(driver.destroyPartition(dir)).rejects.toMatchObject({ code: 'bad_request' });
    expect(existsSync(dir)).toBe(true);
  });

  it('stops a worker that takes longer than its timeout and says so', async () => {
    const a = await partition('hsm-a', 'Customer A');
    const impatient = createSoftHsm2Driver({ root: join(dir, 'partitions'), timeoutMs: 1 });
    await expect(impatient.health(a.ref, a.userPin)).rejects.toMatchObject({
      code: 'timeout', message: expect.stringMatching(/did not finish health .* within 1 ms and was stopped/),
    });
  });
});
