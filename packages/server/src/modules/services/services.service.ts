import { Messages } from '@keydeck/contract/messages';
import {
  SERVICE_STATUSES,
  SERVICE_TYPES,
  serviceTypeName,
  type Service,
  type ServiceRequest,
  type ServicesPage,
  type ServicesQuery,
  type ServiceStatus,
} from '@keydeck/contract/services';
import type { Tx } from '../../db/database.ts';
import { targetAccount } from '../../platform/account-access.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as cryptohub from '../cryptohub/cryptohub.service.ts';
import * as repo from './services.repository.ts';

/** The environments a service can be requested for. */
export const SERVICE_ENVIRONMENTS = ['production', 'test'] as const;

/** GET service/services: the account's services, the catalogue to request from, and the session's current service. */
export async function listServices(tx: Tx, principal: Principal, query: ServicesQuery): Promise<ServicesPage> {
  const accountId = targetAccount(principal, query.account_id);
  await accounts.findAccount(tx, accountId);
  const { rows, total } = await repo.listServices(tx, accountId, query);
  const serviceLocations = await repo.listServiceLocations(tx);
  const serverLocations = await repo.listServerLocations(tx);
  return {
    data: rows.map(toWire),
    total,
    service_locations: serviceLocations,
    server_locations: serverLocations.map((s) => ({ id: s.id, name: s.name, service_location: s.serviceLocation })),
    services_available: Object.entries(SERVICE_TYPES).map(([type, type_name]) => ({ type, type_name })),
    environments: [...SERVICE_ENVIRONMENTS],
    current_service_id: principal.delegate ? await repo.delegateCurrentService(tx, principal.delegate.key) : principal.currentServiceId,
  };
}

/** GET service/?id=: a service of the caller's account (any account's for a platform administrator). */
export async function getService(tx: Tx, principal: Principal, id: string): Promise<Service> {
  const row = await repo.findService(tx, targetAccount(principal, undefined, 'every-account'), id);
  if (!row) throw notFound();
  return toWire(row);
}

/** A customer asks for a service; it waits for a platform administrator's approval. */
export async function requestService(tx: Tx, principal: Principal, input: ServiceRequest): Promise<Service> {
  const accountId = principal.account.id;
  await assertRequestable(tx, accountId, input, '');
  await cryptohub.assertServicesAllowed(tx, accountId, 1, true);
  const row = await repo.insertService(tx, {
    accountId,
    type: input.type,
    name: input.name,
    status: 'PendingApproval',
    location: input.location,
    environment: input.environment,
    requestedBy: principal.userId,
  });
  return toWire(row);
}

/** DELETE service/services: the account withdraws requests still awaiting approval; nothing else can be withdrawn. */
export async function cancelRequests(tx: Tx, principal: Principal, ids: string[]): Promise<Service[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.lockServices(tx, unique);
  if (rows.length !== unique.length || rows.some((row) => row.accountId !== principal.account.id)) throw notFound();
  if (rows.some((row) => row.status !== 'PendingApproval')) throw conflict('not_pending', Messages.serviceNotPending);
  return (await repo.deleteServices(tx, unique)).map(toWire);
}

/**
 * PUT service/services: the console session's current service, or a delegate's (kept by its credential or OAuth
 * grant), which must be one of the account's; null resets it.
 */
export async function selectCurrentService(tx: Tx, principal: Principal, serviceId: string | null): Promise<string | null> {
  if (serviceId !== null && !(await repo.findService(tx, principal.account.id, serviceId))) throw notFound();
  if (principal.delegate) await repo.setDelegateCurrentService(tx, principal.account.id, principal.delegate.key, serviceId);
  else await repo.setCurrentService(tx, principal.sessionHash, serviceId);
  return serviceId;
}

/** The account's service of this name (ignoring case), if any: how other modules find what they created. */
/** A service of the account (its id, name and type), or null: what another module needs to know of it. */
export async function findAccountService(tx: Tx, accountId: string, serviceId: string): Promise<{ id: string; name: string; type: string } | null> {
  const row = await repo.findService(tx, accountId, serviceId);
  return row && { id: row.id, name: row.name, type: row.type };
}

export async function findServiceByName(tx: Tx, accountId: string, name: string): Promise<Service | null> {
  const row = await repo.findServiceByName(tx, accountId, name);
  return row ? toWire(row) : null;
}

/** What is wrong with a service's location and environment, by field (prefixed with field); empty when nothing. */
export async function placementErrors(tx: Tx, input: Pick<ServiceRequest, 'location' | 'environment'>, field: string): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const locations = await repo.listServiceLocations(tx);
  if (!locations.some((l) => l.id === input.location)) errors[`${field}location`] = [Messages.serviceLocationUnknown];
  if (!(SERVICE_ENVIRONMENTS as readonly string[]).includes(input.environment)) errors[`${field}environment`] = [Messages.serviceEnvironmentUnknown];
  return errors;
}

/**
 * Checks a requested service against the catalogue and the account's other services. field prefixes the
 * field names of the errors (`services.0.` in a batch).
 */
export async function assertRequestable(tx: Tx, accountId: string, input: ServiceRequest, field: string, batchNames: string[] = []) {
  const errors = await placementErrors(tx, input, field);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const lower = input.name.toLowerCase();
  if (batchNames.some((n) => n.toLowerCase() === lower) || (await repo.nameTaken(tx, accountId, input.name))) {
    const message = Messages.serviceNameTaken(input.name);
    throw conflict('name_taken', message, { [`${field}name`]: [message] });
  }
}

export function statusText(status: string): string {
  return (SERVICE_STATUSES as Record<string, string>)[status] ?? status;
}

export function toWire(row: repo.ServiceRow): Service {
  return {
    id: row.id,
    account_id: row.accountId,
    type: row.type,
    type_name: serviceTypeName(row.type),
    name: row.name,
    status: row.status as ServiceStatus,
    location: row.location,
    environment: row.environment,
    use_jwt: row.useJwt,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
