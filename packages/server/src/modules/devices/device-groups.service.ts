import type { DeviceGroup, DeviceGroupsDeleteBody, DeviceGroupsQuery, DeviceGroupsResponse } from '@keydeck/contract/devices';
import { Messages } from '@keydeck/contract/messages';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './device-groups.repository.ts';
import * as devicesRepo from './devices.repository.ts';
import { type BatchCall, type DeviceScope } from './devices.service.ts';
import { iso } from '../../db/raw-sql.ts';

/** A chunk of the groups by name; query_only answers names alone, skipping the device counts. */
export async function list(scope: DeviceScope, query: DeviceGroupsQuery): Promise<DeviceGroupsResponse> {
  const serviceId = scope.access.serviceId;
  const offset = (query.chunk - 1) * query.chunk_size;
  const { groups, total } = await repo.listChunk(scope.tx, serviceId, query.search, offset, query.chunk_size);
  const more = offset + groups.length < total;
  if (query.query_only) return { data: groups.map((g) => ({ group_name: g.name })), total, more };
  const counts = await repo.deviceCounts(scope.tx, serviceId, groups.map((g) => g.id));
  return { data: groups.map((g) => ({ group_name: g.name, device_count: counts.get(g.id) ?? 0, created_at: iso(g.created_at)! })), total, more };
}

/** Creates groups together: every name new in the service and not repeated, or none is created. */
export async function create(scope: DeviceScope, names: string[]): Promise<void> {
  const existing = await repo.findByNames(scope.tx, scope.access.serviceId, names);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const key = name.toLowerCase();
    if (existing.has(key) || seen.has(key)) errors[`groups.${i}.group_name`] = [Messages.deviceGroupExists(name)];
    seen.add(key);
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  await repo.insertGroups(scope.tx, scope.accountId, scope.access.serviceId, names);
}

/**
 * Renames a group, its new name checked as a new group's is (another group may not hold it, ignoring case; a new
 * case of its own name is a rename). Devices refer to the group, so every one of them carries the new name at once.
 */
export async function rename(scope: DeviceScope, oldName: string, name: string): Promise<DeviceGroup> {
  const serviceId = scope.access.serviceId;
  const found = await repo.findByNames(scope.tx, serviceId, [oldName, name]);
  const group = found.get(oldName.toLowerCase());
  if (!group) throw badRequest({ old_name: [Messages.deviceGroupUnknown(oldName)] });
  const clash = found.get(name.toLowerCase());
  if (clash && clash.id !== group.id) throw badRequest({ group_name: [Messages.deviceGroupExists(name)] });
  await repo.rename(scope.tx, serviceId, group.id, name);
  const counts = await repo.deviceCounts(scope.tx, serviceId, [group.id]);
  return { group_name: name, device_count: counts.get(group.id) ?? 0, created_at: iso(group.created_at)! };
}

/**
 * Deletes groups, each on its own: a group that holds devices is refused unless its devices move to move_to or
 * go with it. Every device moved or deleted is recorded for the audit trail.
 */
export async function remove(call: BatchCall, body: DeviceGroupsDeleteBody) {
  const { tx, accountId, access } = call;
  const serviceId = access.serviceId;
  const found = await repo.findByNames(tx, serviceId, [...body.devices, ...(body.move_to ? [body.move_to] : [])]);
  const target = body.move_to ? found.get(body.move_to.toLowerCase()) : undefined;
  if (body.with_devices === 'move') {
    if (!target) throw badRequest({ move_to: [Messages.deviceGroupUnknown(body.move_to!)] });
    if (body.devices.some((name) => name.toLowerCase() === target.name.toLowerCase())) {
      throw badRequest({ move_to: [Messages.deviceGroupMoveTargetDeleted] });
    }
  }
  const counts = await repo.deviceCounts(tx, serviceId, [...found.values()].map((g) => g.id));
  const record = (change: string, serials: string[]) =>
    devicesRepo.recordChanges(tx, { accountId, serviceId, requestId: call.requestId, change }, serials);
  const results = [];
  for (const name of [...new Set(body.devices)]) {
    const group = found.get(name.toLowerCase());
    const held = group ? (counts.get(group.id) ?? 0) : 0;
    if (!group) {
      results.push({ name, success: false, message: Messages.deviceGroupDeleteFailed(Messages.deviceGroupUnknown(name)) });
      continue;
    }
    if (held > 0 && body.with_devices === 'refuse') {
      results.push({ name: group.name, success: false, message: Messages.deviceGroupDeleteFailed(Messages.deviceGroupHoldsDevices(group.name, held)) });
      continue;
    }
    if (held > 0 && body.with_devices === 'move') await record(`moved to ${target!.name}`, await repo.moveAllDevices(tx, serviceId, group.id, target!.id));
    if (held > 0 && body.with_devices === 'delete') await record(`deleted with group ${group.name}`, await repo.deleteAllDevices(tx, serviceId, group.id));
    await repo.deleteGroup(tx, serviceId, group.id);
    results.push({ name: group.name, success: true, message: Messages.deviceGroupDeleted(group.name) });
  }
  return { results };
}
