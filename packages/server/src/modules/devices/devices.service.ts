import { createHash } from 'node:crypto';
import {
  DEVICE_BATCH_MAX,
  DEVICE_COUNT_CAP,
  DEVICE_CSV_COLUMNS,
  type DeviceBatchResponse,
  type DeviceBatchResult,
  type DeviceFilters,
  type DevicesCreateResponse,
  type DevicesQuery,
  type DevicesResponse,
  type DevicesUpdateBody,
  type NewDevice,
} from '@keydeck/contract/devices';
import { Messages } from '@keydeck/contract/messages';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { csvLine } from '../../platform/csv.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { ServiceAccess } from '../../platform/service-access.ts';
import * as groupsRepo from './device-groups.repository.ts';
import * as modelsRepo from './device-models.repository.ts';
import * as repo from './devices.repository.ts';
import { iso } from '../../db/raw-sql.ts';
import { totalFields } from '../../platform/list-count.ts';

/** The caller's service session and account: every call acts on that service only. */
export type DeviceScope = { tx: Tx; accountId: string; access: ServiceAccess };
/** A batch call: its scope, the request it is (for the audit trail) and the client's Idempotency-Key, if any. */
export type BatchCall = DeviceScope & { requestId: string; idempotencyKey: string | undefined };

// Small enough that a batch's rows and text are collected young (5,000 grew RSS by about 100 MB on PostgreSQL).
const EXPORT_BATCH = 1_000;

export async function list(scope: DeviceScope, query: DevicesQuery): Promise<DevicesResponse> {
  // Counted first: the last page holds what is left over after the full pages.
  const filters = await repo.resolveFilters(scope.tx, scope.access.serviceId, query);
  const total = await repo.countMatching(scope.tx, scope.access.serviceId, filters);
  const page = await repo.listPage(scope.tx, scope.access.serviceId, query, filters, total);
  return {
    data: page.rows.map((d) => ({ ...d, last_load: iso(d.last_load), created_at: iso(d.created_at)! })),
    ...totalFields(total),
    next_cursor: page.next_cursor,
    prev_cursor: page.prev_cursor,
  };
}

/** Every matching device as CSV, in serial order, a batch at a time: memory stays flat however many there are. */
export async function exportCsv(scope: DeviceScope, filters: DeviceFilters, write: (chunk: string) => Promise<void>): Promise<void> {
  await write(csvLine(DEVICE_CSV_COLUMNS));
  const matching = await repo.resolveFilters(scope.tx, scope.access.serviceId, filters);
  let after: string | null = null;
  for (;;) {
    const batch = await repo.exportBatch(scope.tx, scope.access.serviceId, matching, after, EXPORT_BATCH);
    if (batch.length === 0) return;
    await write(
      batch
        .map((d) => csvLine([d.serial, d.group, d.device_model, String(d.archived), String(d.failed), iso(d.last_load), iso(d.created_at)]))
        .join(''),
    );
    after = batch.at(-1)!.serial;
  }
}

/**
 * Adds devices, all or nothing: every row is checked first (serial new and not repeated, group and model known),
 * and with any problem nothing is added. A dry run only answers the problems (the CSV import's preview). A repeated
 * Idempotency-Key answers the first reply again (a retried import is not refused for the serials it added).
 */
export function create(call: BatchCall, devices: NewDevice[], dryRun: boolean): Promise<DevicesCreateResponse> {
  return idempotent(call, dryRun ? undefined : call.idempotencyKey, ['created', devices], () => add(call, devices, dryRun));
}

async function add(call: BatchCall, devices: NewDevice[], dryRun: boolean): Promise<DevicesCreateResponse> {
  const { tx, accountId, access } = call;
  const serviceId = access.serviceId;
  const [existing, groups, models] = await Promise.all([
    repo.existingSerials(tx, serviceId, devices.map((d) => d.serial)),
    groupsRepo.findByNames(tx, serviceId, devices.map((d) => d.group)),
    // Names only: counting each model's devices is for the models screen, not for every import.
    modelsRepo.findByNames(tx, serviceId, devices.flatMap((d) => (d.device_model ? [d.device_model] : []))),
  ]);
  const taken = new Set(existing.map((e) => e.serial));
  const seen = new Set<string>();
  const problems: DevicesCreateResponse['problems'] = [];
  const errors: Record<string, string[]> = {};
  const rows = devices.flatMap((device, row) => {
    const messages: Record<string, string> = {};
    if (taken.has(device.serial)) messages.serial = Messages.deviceSerialTaken(device.serial);
    else if (seen.has(device.serial)) messages.serial = Messages.deviceSerialRepeated(device.serial);
    seen.add(device.serial);
    const group = groups.get(device.group.toLowerCase());
    if (!group) messages.group = Messages.deviceGroupUnknown(device.group);
    const model = device.device_model ? models.get(device.device_model.toLowerCase()) : undefined;
    if (device.device_model && !model) messages.device_model = Messages.deviceModelUnknown(device.device_model);
    const texts = Object.values(messages);
    if (texts.length) {
      problems.push({ row, serial: device.serial, messages: texts });
      for (const [field, text] of Object.entries(messages)) errors[`devices.${row}.${field}`] = [text];
      return [];
    }
    return [{ serial: device.serial, groupId: group!.id, modelId: model?.id ?? null }];
  });
  if (dryRun) return { created: 0, problems };
  if (problems.length) throw badRequest(errors);
  await repo.insertDevices(tx, accountId, serviceId, rows);
  await repo.recordChanges(tx, { accountId, serviceId, requestId: call.requestId, change: 'created' }, rows.map((r) => r.serial));
  return { created: rows.length, problems: [] };
}

/**
 * A change a repeated Idempotency-Key does not do twice: the same request under the key answers the first reply
 * again, another request under it is refused; the reply is kept in the change's own transaction. No key: it runs.
 */
async function idempotent<T>(call: BatchCall, key: string | undefined, request: unknown, change: () => Promise<T>): Promise<T> {
  if (!key) return change();
  const { tx, accountId, access } = call;
  const serviceId = access.serviceId;
  const digest = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const earlier = await repo.findReply(tx, serviceId, key);
  if (earlier && earlier.requestDigest !== digest) throw conflict('idempotency_key_reused', Messages.deviceIdempotencyReused);
  if (earlier) return JSON.parse(earlier.reply) as T;
  const reply = await change();
  await repo.saveReply(tx, { accountId, serviceId, key, requestDigest: digest, reply: JSON.stringify(reply) });
  return reply;
}

/** What a batch acts on, as the body says it. */
export type BatchBody = { devices?: string[] | undefined; filter?: DeviceFilters | undefined; after?: string | undefined };

/**
 * A batch operation: the statement that applies it and the texts of its per-device results. A device already as
 * asked is left alone and answered with `unchanged` (an operation without it, a delete, always changes).
 */
type Operation = {
  change: string;
  apply: (tx: Tx, serviceId: string, target: repo.BatchTarget) => Promise<repo.ChangedRow[]>;
  succeeded: (row: repo.ChangedRow) => string;
  unchanged?: (row: repo.ChangedRow) => string;
  failed: (serial: string) => string;
};

/** Sets `assignment` on each targeted device for which `already` (a condition on d) does not hold. */
const set = (assignment: SQL, already: SQL) => (tx: Tx, serviceId: string, target: repo.BatchTarget) =>
  repo.updateTargeted(tx, serviceId, target, assignment, already);

/** PUT service/device: archive or unarchive, lock or unlock, clear the load status, or assign a model. */
export async function update(call: BatchCall, body: DevicesUpdateBody): Promise<DeviceBatchResponse> {
  const notFound = Messages.deviceNotFound;
  const archive = (archived: boolean): Operation => ({
    change: archived ? 'archived' : 'unarchived',
    apply: set(sql`archived = ${archived}`, sql`d.archived = ${archived}`),
    succeeded: (d) => Messages.deviceArchived(d.serial, d.group, archived),
    unchanged: (d) => Messages.deviceAlreadyArchived(d.serial, archived),
    failed: (s) => Messages.deviceArchiveFailed(s, notFound),
  });
  const lock = (locked: boolean): Operation => ({
    change: locked ? 'locked' : 'unlocked',
    apply: set(sql`failed = ${locked}`, sql`d.failed = ${locked}`),
    succeeded: (d) => Messages.deviceLockChanged(d.serial, locked),
    unchanged: (d) => Messages.deviceAlreadyLocked(d.serial, locked),
    failed: (s) => Messages.deviceLockFailed(s, notFound),
  });
  const operations: Record<Exclude<DevicesUpdateBody['change'], 'assign_model'>, Operation> = {
    archive: archive(true),
    unarchive: archive(false),
    lock: lock(true),
    unlock: lock(false),
    clear_load: {
      change: 'load status cleared',
      apply: set(sql`last_load = null`, sql`d.last_load is null`),
      succeeded: (d) => Messages.deviceLoadCleared(d.serial),
      unchanged: (d) => Messages.deviceLoadAlreadyClear(d.serial),
      failed: (s) => Messages.deviceClearLoadFailed(s, notFound),
    },
  };
  if (body.change !== 'assign_model') return runBatch(call, body, operations[body.change]);

  const name = body.device_model ?? null;
  const model = name === null ? undefined : (await modelsRepo.findByNames(call.tx, call.access.serviceId, [name])).get(name.toLowerCase());
  if (name !== null && !model) throw badRequest({ device_model: [Messages.deviceModelUnknown(name)] });
  const modelId = model?.id ?? null;
  return runBatch(call, body, {
    change: model ? `device model ${model.name}` : 'device model removed',
    apply: set(sql`model_id = ${modelId}`, sql`d.model_id is not distinct from ${modelId}::uuid`),
    succeeded: (d) => Messages.deviceModelAssigned(d.serial, model?.name ?? null),
    unchanged: (d) => Messages.deviceModelAlreadyAssigned(d.serial, model?.name ?? null),
    failed: (s) => Messages.deviceModelAssignFailed(s, notFound),
  });
}

/** PUT service/device/move: into a group of the service. */
export async function move(call: BatchCall, body: BatchBody & { group: string }): Promise<DeviceBatchResponse> {
  const group = (await groupsRepo.findByNames(call.tx, call.access.serviceId, [body.group])).get(body.group.toLowerCase());
  if (!group) throw badRequest({ group: [Messages.deviceGroupUnknown(body.group)] });
  return runBatch(call, body, {
    change: `moved to ${group.name}`,
    apply: set(sql`group_id = ${group.id}`, sql`d.group_id = ${group.id}`),
    succeeded: (d) => Messages.deviceMoved(d.serial, d.group),
    unchanged: (d) => Messages.deviceAlreadyInGroup(d.serial, d.group),
    failed: (s) => Messages.deviceMoveFailed(s, group.name),
  });
}

/** DELETE service/device. */
export function remove(call: BatchCall, body: BatchBody): Promise<DeviceBatchResponse> {
  return runBatch(call, body, {
    change: 'deleted',
    apply: repo.deleteTargeted,
    succeeded: (d) => Messages.deleted(d.serial),
    failed: (s) => Messages.deleteFailed(s, Messages.deviceNotFound),
  });
}

/**
 * Runs one batch in the request's transaction: one statement changes every targeted device (so a device is either
 * changed and reported so, or reported failed and unchanged, and a killed server leaves nothing half-done), one
 * records which devices changed for the audit trail. A repeated Idempotency-Key answers the first reply again.
 */
function runBatch(call: BatchCall, body: BatchBody, operation: Operation): Promise<DeviceBatchResponse> {
  return idempotent(call, call.idempotencyKey, [operation.change, body], () => applyBatch(call, body, operation));
}

async function applyBatch(call: BatchCall, body: BatchBody, operation: Operation): Promise<DeviceBatchResponse> {
  const { tx, accountId, access } = call;
  const serviceId = access.serviceId;
  const target: repo.BatchTarget = body.devices
    ? { serials: [...new Set(body.devices)] }
    : { filters: await repo.resolveFilters(tx, serviceId, body.filter!), after: body.after, limit: DEVICE_BATCH_MAX };
  const found = await operation.apply(tx, serviceId, target);
  const changed = found.filter((row) => row.changed).map((row) => row.serial);
  await repo.recordChanges(tx, { accountId, serviceId, requestId: call.requestId, change: operation.change }, changed);

  const bySerial = new Map(found.map((row) => [row.serial, row]));
  const serials = 'serials' in target ? target.serials : found.map((row) => row.serial).sort(byteOrder);
  const results: DeviceBatchResult[] = serials.map((serial) => {
    const row = bySerial.get(serial);
    if (!row) return { serial, success: false, outcome: 'failed', message: operation.failed(serial) };
    if (row.changed || !operation.unchanged) return { serial, success: true, outcome: 'changed', message: operation.succeeded(row) };
    return { serial, success: true, outcome: 'unchanged', message: operation.unchanged(row) };
  });
  let nextAfter: string | null = null;
  let remaining = 0;
  if (!('serials' in target) && found.length === DEVICE_BATCH_MAX) {
    nextAfter = serials.at(-1)!;
    remaining = Math.min(await repo.countCapped(tx, serviceId, target.filters, nextAfter), DEVICE_COUNT_CAP);
  }
  const succeeded = found.length;
  return {
    results,
    succeeded,
    unchanged: succeeded - changed.length,
    failed: results.length - succeeded,
    next_after: remaining > 0 ? nextAfter : null,
    remaining,
  };
}

/** Serial order as the database sorts serials (COLLATE "C"): by UTF-16 code unit, which equals byte order for ASCII serials. */
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Who changed a device and when. */
export async function history(scope: DeviceScope, serial: string) {
  const rows = await repo.history(scope.tx, scope.access.serviceId, serial);
  return {
    data: rows.map((r) => ({ occurred_at: iso(r.occurred_at)!, actor: r.actor, action: r.action ?? '', change: r.change, request_id: r.request_id })),
  };
}
