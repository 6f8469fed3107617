import { CloudHsmMessages, type CloudHsmBackupFile, type CloudHsmDetail } from '@keydeck/contract/cloud-hsms';
import { badRequest, conflict, unavailable } from '../../platform/errors.ts';
import { decryptBackup, encryptBackup } from './backup-file.ts';
import { lockOwnHsm, type CloudHsmContext } from './cloud-hsm-access.ts';
import * as repo from './cloud-hsms.repository.ts';
import { getHsm } from './cloud-hsms.service.ts';
import type { HsmDriver } from './hsm-driver.ts';
import { generatePin, pinContext } from './pins.ts';
import * as placement from './placement.repository.ts';

type Enabled = repo.HsmRow & { partitionRef: string; userPinSealed: string; soPinSealed: string; provisionerId: string };

/** The HSM, locked, which must be Enabled. */
async function lockEnabled(ctx: CloudHsmContext, hsmId: string): Promise<Enabled> {
  const hsm = await lockOwnHsm(ctx, hsmId);
  if (hsm.status !== 'Enabled' || !hsm.partitionRef || !hsm.userPinSealed || !hsm.soPinSealed || !hsm.provisionerId) {
    throw conflict('not_enabled', CloudHsmMessages.notEnabled);
  }
  return hsm as Enabled;
}

/** The driver of the HSM's provisioner, which must be hosted by this process: its partition is on this machine. */
function hostedDriver(ctx: CloudHsmContext, hsm: Enabled): HsmDriver {
  const driver = ctx.host.drivers.get(hsm.provisionerId);
  if (!driver) throw unavailable('provisioner_elsewhere', CloudHsmMessages.provisionerUnreachable);
  return driver;
}

/** A token call whose failure is the token's, not the request's: 503, and nothing changed. */
async function onToken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw unavailable('token_unreachable', CloudHsmMessages.tokenUnreachable);
  }
}

const userPinOf = (ctx: CloudHsmContext, hsm: Enabled) => ctx.secretBox.open(hsm.userPinSealed, pinContext(hsm.id, 'user'));

/** The SO and user PINs, answered once: the first call records that they were shown, in the same transaction. */
export async function showPins(ctx: CloudHsmContext, hsmId: string): Promise<{ so_pin: string; user_pin: string }> {
  const hsm = await lockEnabled(ctx, hsmId);
  if (hsm.pinsShownAt) throw conflict('pins_shown', CloudHsmMessages.pinsShown);
  await repo.updateHsm(ctx.tx, hsm.id, { pinsShownAt: new Date() });
  return { so_pin: ctx.secretBox.open(hsm.soPinSealed, pinContext(hsm.id, 'so')), user_pin: userPinOf(ctx, hsm) };
}

/** Sets a new user PIN on the token (signed in with the current one) and keeps it sealed; answered once. */
export async function rotateUserPin(ctx: CloudHsmContext, hsmId: string): Promise<{ user_pin: string }> {
  const hsm = await lockEnabled(ctx, hsmId);
  const driver = hostedDriver(ctx, hsm);
  const next = generatePin((await placement.findBlueprint(ctx.tx, hsm.blueprintId))?.policies);
  await onToken(() => driver.rotateUserPin(hsm.partitionRef, userPinOf(ctx, hsm), next));
  await repo.updateHsm(ctx.tx, hsm.id, { userPinSealed: ctx.secretBox.seal(next, pinContext(hsm.id, 'user')) });
  return { user_pin: next };
}

/** What a backup holds besides the token's files: the user PIN they open with, to bring the token back to today's. */
type BackupContent = { format: 1; hsm_id: string; token_serial: string | null; user_pin: string; created_at: string; token: string };

async function requireBackups(ctx: CloudHsmContext, hsm: Enabled): Promise<void> {
  const blueprint = await placement.findBlueprint(ctx.tx, hsm.blueprintId);
  if (blueprint?.policies.backup_allowed === false) throw conflict('backup_not_allowed', CloudHsmMessages.backupNotAllowed);
}

/** The token's state, encrypted under the passphrase (backup-file.ts) and bound to this HSM. */
export async function backup(ctx: CloudHsmContext, hsmId: string, passphrase: string): Promise<CloudHsmBackupFile> {
  const hsm = await lockEnabled(ctx, hsmId);
  await requireBackups(ctx, hsm);
  const driver = hostedDriver(ctx, hsm);
  const token = await onToken(() => driver.backup(hsm.partitionRef));
  const now = new Date();
  const content: BackupContent = { format: 1, hsm_id: hsm.id, token_serial: hsm.tokenSerial, user_pin: userPinOf(ctx, hsm), created_at: now.toISOString(), token: token.toString('base64') };
  const file = await encryptBackup(Buffer.from(JSON.stringify(content), 'utf8'), passphrase, hsm.id);
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return { file_name: `${hsm.name.replace(/[^A-Za-z0-9._-]+/g, '-')}-${stamp}.hsmbackup`, content: file.toString('base64') };
}

/** The backup's content: a wrong passphrase, a changed file or another HSM's backup is a 400. */
async function openBackup(hsm: Enabled, passphrase: string, base64: string): Promise<BackupContent> {
  const opened = await decryptBackup(Buffer.from(base64, 'base64'), passphrase, hsm.id);
  const content = opened && parseContent(opened);
  if (!content || content.hsm_id !== hsm.id) throw badRequest({ content: [CloudHsmMessages.backupUnreadable] }, CloudHsmMessages.backupUnreadable);
  return content;
}

/** Whether the backup would restore (its passphrase, its HSM), before the user is asked to confirm; changes nothing. */
export async function checkBackup(ctx: CloudHsmContext, hsmId: string, passphrase: string, base64: string): Promise<{ created_at: string }> {
  const hsm = await lockEnabled(ctx, hsmId);
  await requireBackups(ctx, hsm);
  return { created_at: (await openBackup(hsm, passphrase, base64)).created_at };
}

/**
 * Puts a backup of this HSM back on its token. A wrong passphrase, a changed file or another HSM's backup is a 400
 * that changes nothing. The restored token opens with the user PIN of the backup's day: it is set back to today's,
 * so the PIN the customer holds stays the one that works.
 */
export async function restore(ctx: CloudHsmContext, hsmId: string, passphrase: string, base64: string): Promise<CloudHsmDetail> {
  const hsm = await lockEnabled(ctx, hsmId);
  await requireBackups(ctx, hsm);
  const driver = hostedDriver(ctx, hsm);
  const content = await openBackup(hsm, passphrase, base64);
  try {
    await driver.restore(hsm.partitionRef, Buffer.from(content.token, 'base64'));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'bad_backup') throw badRequest({ content: [CloudHsmMessages.backupUnreadable] }, CloudHsmMessages.backupUnreadable);
    throw unavailable('token_unreachable', CloudHsmMessages.tokenUnreachable);
  }
  const current = userPinOf(ctx, hsm);
  if (content.user_pin !== current) {
    // Where the token refuses, it keeps the backup's PIN: keep that one, so the platform can still reach it.
    await driver.rotateUserPin(hsm.partitionRef, content.user_pin, current).catch(async () => {
      await repo.updateHsm(ctx.tx, hsm.id, { userPinSealed: ctx.secretBox.seal(content.user_pin, pinContext(hsm.id, 'user')) });
    });
  }
  return getHsm(ctx, hsm.id);
}

function parseContent(bytes: Buffer): BackupContent | null {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as Partial<BackupContent>;
    return value.format === 1 && typeof value.hsm_id === 'string' && typeof value.user_pin === 'string' && typeof value.token === 'string' ? (value as BackupContent) : null;
  } catch {
    return null;
  }
}
