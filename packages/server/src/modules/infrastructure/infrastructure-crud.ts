import type { AuditAction } from '@keydeck/contract/audit-action';
import type { Endpoint } from '@keydeck/contract/endpoint';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { AuditDeclaration } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';

/** What the name a reader knows an entity by is called on the wire: name, hostname or reference. */
type LabelKey = 'name' | 'hostname' | 'reference';

/** The entity's service: its rules (clashes, references, refusing to delete what is in use) live there, not here. */
interface EntityService<Fields, Item, Query> {
  list(tx: Tx, query: Query): Promise<{ data: Item[]; total: number }>;
  get(tx: Tx, id: string): Promise<Item>;
  create(tx: Tx, fields: Fields): Promise<Item>;
  update(tx: Tx, id: string, fields: Fields): Promise<Item>;
  remove(tx: Tx, id: string): Promise<void>;
}

export interface InfrastructureEntity<K extends LabelKey, Fields extends Record<K, string>, Item extends Record<K, string> & { id: string }, Query> {
  /** Its five declared operations (contract/infrastructure.api.ts); their query and bodies are what the service takes. */
  endpoints: {
    list: Endpoint & { query: z.ZodType<Query> };
    get: Endpoint;
    create: Endpoint & { body: z.ZodType<Fields> };
    update: Endpoint & { body: z.ZodType<Fields> };
    remove: Endpoint;
  };
  /** The path parameter that names one: 'datacenter_id'. */
  param: string;
  /** Each change's audit action, spelled out so it can be found. */
  actions: { create: AuditAction; update: AuditAction; delete: AuditAction };
  label: K;
  /** Its stored label, read before a delete for the event's target; undefined when there is none. */
  storedLabel: (tx: Tx, id: string) => Promise<string | undefined>;
  service: EntityService<Fields, Item, Query>;
}

/** What a handler of this helper reads of its request: the declaration validated all of it. */
type Request<Fields> = FastifyRequest & { params: Record<string, string>; body: Fields; query: unknown };
type Audit<Fields, Item> = AuditDeclaration<Record<string, string>, Fields, unknown, { data: Item }>;

/**
 * The five routes of a platform administrator's infrastructure entity (datacenters, servers, IPAM zones, provisioner
 * groups, blueprints, HSM licenses), which differ only in names: list, get, create (201), replace, delete; every
 * change audited with the entity's id and label. Routes an entity has besides these stay in its routes file.
 */
export function entityRoutes<K extends LabelKey, Fields extends Record<K, string>, Item extends Record<K, string> & { id: string }, Query>(
  app: FastifyInstance,
  entity: InfrastructureEntity<K, Fields, Item, Query>,
): void {
  const { endpoints, param, actions, label, storedLabel, service } = entity;
  const config = { permission: Permission.platformAdmin };
  const add = <F>(endpoint: Endpoint, audit: Audit<F, Item> | undefined, handler: (request: Request<F>, reply: { status(code: number): unknown }) => unknown) =>
    app.route({ ...declared(endpoint), config, ...(audit && { audit }), handler } as unknown as RouteOptions);

  add(endpoints.list, undefined, (request) => service.list(request.tx, request.query as Query));
  add(endpoints.get, undefined, async (request) => ({ data: await service.get(request.tx, request.params[param]!) }));
  add<Fields>(
    endpoints.create,
    { action: actions.create, target: ({ body, result }) => (result ? { id: result.data.id, name: result.data[label] } : body[label]) },
    async (request, reply) => {
      const created = await service.create(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  );
  add<Fields>(
    endpoints.update,
    { action: actions.update, target: ({ params, body }) => ({ id: params[param]!, name: body[label] }) },
    async (request) => ({ data: await service.update(request.tx, request.params[param]!, request.body) }),
  );
  add(
    endpoints.remove,
    {
      action: actions.delete,
      before: async ({ params, tx }) => ({ name: await storedLabel(tx, params[param]!) }),
      target: ({ params, before }) => ({ id: params[param]!, name: before.name }),
    },
    async (request) => {
      await service.remove(request.tx, request.params[param]!);
      return { data: { id: request.params[param]! } };
    },
  );
}
