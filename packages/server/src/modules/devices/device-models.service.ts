import { Messages } from '@keydeck/contract/messages';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as repo from './device-models.repository.ts';
import type { DeviceScope } from './devices.service.ts';

export async function list(scope: DeviceScope) {
  const models = await repo.list(scope.tx, scope.access.serviceId);
  return { data: models.map((m) => ({ name: m.name, device_count: m.device_count })) };
}

export async function create(scope: DeviceScope, name: string) {
  if (await repo.findByName(scope.tx, scope.access.serviceId, name)) throw badRequest({ device_model: [Messages.deviceModelExists(name)] });
  await repo.insert(scope.tx, scope.accountId, scope.access.serviceId, name);
  return { device_model: name, device_count: 0 };
}

/** Renames a model; its devices refer to it, so every one of them carries the new name at once. */
export async function rename(scope: DeviceScope, oldName: string, name: string) {
  const model = await repo.findByName(scope.tx, scope.access.serviceId, oldName);
  if (!model) throw badRequest({ old_name: [Messages.deviceModelUnknown(oldName)] });
  const clash = await repo.findByName(scope.tx, scope.access.serviceId, name);
  if (clash && clash.id !== model.id) throw badRequest({ device_model: [Messages.deviceModelExists(name)] });
  await repo.rename(scope.tx, model.id, name);
  return { device_model: name, device_count: model.device_count };
}

/** Deletes a model no device carries. */
export async function remove(scope: DeviceScope, name: string) {
  const model = await repo.findByName(scope.tx, scope.access.serviceId, name);
  if (!model) throw notFound(Messages.deviceModelUnknown(name));
  if (model.device_count > 0) throw conflict('device_model_in_use', Messages.deviceModelInUse(model.name, model.device_count));
  await repo.remove(scope.tx, model.id);
  return { device_model: model.name, device_count: 0 };
}
