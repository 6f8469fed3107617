import { createHash } from 'node:crypto';
import type { DeviceBatchResponse } from '@keydeck/contract/devices';
import { devicesApi } from '@keydeck/contract/devices.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { namedList } from '../../platform/audit-batch.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { serviceDataRoutes, serviceDataScope } from '../../platform/service-data-routes.ts';
import * as groups from './device-groups.service.ts';
import * as models from './device-models.service.ts';
import * as devices from './devices.service.ts';
import type { BatchBody } from './devices.service.ts';

const callOf = (request: FastifyRequest): devices.BatchCall => ({
  ...serviceDataScope(request),
  requestId: request.id,
  idempotencyKey: (request.headers['idempotency-key'] as string | undefined)?.trim() || undefined,
});

/**
 * A batch's audit target: the service, the devices asked for (how many, the first and last), and a digest of the
 * serials that changed, so the event's link also vouches for the per-device rows (device_changes) that answer "who
 * changed device X". How many of them changed is the event's outcome and reason.
 */
function batchTarget({ request }: AuditInput, what: string, serials: string[], changed: string[] = serials) {
  const digest = createHash('sha256').update(changed.join('\n')).digest('hex').slice(0, 16);
  const shown = serials.length <= 3 ? serials.join(', ') : `${serials.slice(0, 2).join(', ')} … ${serials.at(-1)}`;
  return `${request.serviceAccess.serviceName}: ${what} ${serials.length} device${serials.length === 1 ? '' : 's'}${shown ? ` (${shown}; sha256 ${digest})` : ''}`;
}
/** A device batch's target from its answer (every device it was asked for), or from the body for a refusal. */
const devicesTarget = (input: AuditInput<unknown, BatchBody, unknown, DeviceBatchResponse>, what: string) =>
  batchTarget(
    input,
    what,
    input.result?.results.map((r) => r.serial) ?? input.body.devices ?? [],
    input.result?.results.filter((r) => r.outcome === 'changed').map((r) => r.serial) ?? [],
  );
/** Device groups asked for, by name: a group delete refused for its devices still names them. */
const groupsTarget = ({ request }: AuditInput, names: string[]) => `${request.serviceAccess.serviceName}: ${namedList(names)}`;

/**
 * Devices of the current service (spec §7): groups, devices, their batches and models. Reading needs the Device
 * category, changing it at the Modify level.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('Device');

  routes.route({
    ...declared(devicesApi.listDeviceGroups),
    config: view,
    handler: (request) => groups.list(scopeOf(request), request.query),
  });
  routes.route({
    ...declared(devicesApi.createDeviceGroups),
    config: modify,
    audit: { action: 'device_group.create', target: (input) => groupsTarget(input, input.body.groups.map((g) => g.group_name)) },
    handler: async (request, reply) => {
      await groups.create(scopeOf(request), request.body.groups.map((g) => g.group_name));
      reply.status(201);
      return request.body;
    },
  });
  routes.route({
    ...declared(devicesApi.renameDeviceGroup),
    config: modify,
    audit: { action: 'device_group.update', target: ({ request, body }) => `${request.serviceAccess.serviceName}: ${body.old_name} -> ${body.group_name}` },
    handler: (request) => groups.rename(scopeOf(request), request.body.old_name, request.body.group_name),
  });
  routes.route({
    ...declared(devicesApi.deleteDeviceGroups),
    config: modify,
    audit: {
      action: 'device_group.delete',
      target: (input) => groupsTarget(input, input.result?.results.map((r) => r.name) ?? input.body.devices),
      reason: ({ body }) => (body.with_devices === 'refuse' ? undefined : body.with_devices === 'move' ? `devices moved to ${body.move_to}` : 'devices deleted with their group'),
    },
    handler: (request) => groups.remove(callOf(request), request.body),
  });

  routes.route({
    ...declared(devicesApi.listDevices),
    // The service session and its permission are checked on the primary; the devices may be a moment old.
    config: { ...view, staleReads: true },
    handler: async (request, reply) => {
      if (!request.query.export) return devices.list(scopeOf(request), request.query);
      // Streamed inside the request's transaction, so the export is one consistent snapshot.
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="devices-${new Date().toISOString().slice(0, 10)}.csv"`,
        'cache-control': 'no-store',
      });
      await devices.exportCsv(scopeOf(request), request.query, (chunk) =>
        out.write(chunk) ? Promise.resolve() : new Promise((resolve) => out.once('drain', resolve)),
      );
      out.end();
      return undefined as never;
    },
  });
  routes.route({
    ...declared(devicesApi.createDevices),
    config: modify,
    audit: { action: 'device.create', target: (input) => batchTarget(input, input.body.dry_run ? 'checked' : 'added', input.body.devices.map((d) => d.serial)) },
    handler: async (request, reply) => {
      const result = await devices.create(callOf(request), request.body.devices, request.body.dry_run);
      reply.status(request.body.dry_run ? 200 : 201);
      return result;
    },
  });
  routes.route({
    ...declared(devicesApi.updateDevices),
    config: modify,
    audit: { action: 'device.update', target: (input) => devicesTarget(input, input.body.change.replace('_', ' ')) },
    handler: (request) => devices.update(callOf(request), request.body),
  });
  routes.route({
    ...declared(devicesApi.moveDevices),
    config: modify,
    audit: { action: 'device.move', target: (input) => devicesTarget(input, `moved to ${input.body.group}`) },
    handler: (request) => devices.move(callOf(request), request.body),
  });
  routes.route({
    ...declared(devicesApi.deleteDevices),
    config: modify,
    audit: { action: 'device.delete', target: (input) => devicesTarget(input, 'deleted') },
    handler: (request) => devices.remove(callOf(request), request.body),
  });
  routes.route({
    ...declared(devicesApi.deviceHistory),
    config: view,
    handler: (request) => devices.history(scopeOf(request), request.query.serial),
  });

  routes.route({
    ...declared(devicesApi.listDeviceModels),
    config: view,
    handler: (request) => models.list(scopeOf(request)),
  });
  routes.route({
    ...declared(devicesApi.createDeviceModel),
    config: modify,
    audit: { action: 'device_model.create', target: ({ body }) => body.device_model },
    handler: async (request, reply) => {
      reply.status(201);
      return models.create(scopeOf(request), request.body.device_model);
    },
  });
  routes.route({
    ...declared(devicesApi.renameDeviceModel),
    config: modify,
    audit: { action: 'device_model.update', target: ({ body }) => `${body.old_name} -> ${body.device_model}` },
    handler: (request) => models.rename(scopeOf(request), request.body.old_name, request.body.device_model),
  });
  routes.route({
    ...declared(devicesApi.deleteDeviceModel),
    config: modify,
    audit: { action: 'device_model.delete', target: ({ body }) => body.device_model },
    handler: (request) => models.remove(scopeOf(request), request.body.device_model),
  });
}
