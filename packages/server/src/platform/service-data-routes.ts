import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import { principalOf } from './endpoint-route.ts';
import type { Principal } from './principal.ts';
import type { ServiceAccess, ServiceAccessRule } from './service-access.ts';

/** What every service data call works with: its transaction, the signed-in caller and their live service session. */
export type ServiceDataScope = {
  tx: Tx;
  principal: Principal;
  /** The caller's account. */
  accountId: string;
  /** The service of the session. */
  serviceId: string;
  access: ServiceAccess;
  /** Who acts, for histories: the caller's username. */
  actor: string;
};

/** The permission category of the service user group that guards the routes; null: any live service session. */
type Category = ServiceAccessRule['category'];

type RouteConfig = { signedIn: true; serviceAccess: ServiceAccessRule };

export type ServiceDataRoutes<Scope> = {
  /** Route config: signed in, with the category at View. */
  view: RouteConfig;
  /** Route config: signed in, with the category at Modify (which includes View). */
  modify: RouteConfig;
  /** The scope a handler hands its service. */
  scopeOf: (request: FastifyRequest) => Scope;
};

type Options<Scope> = {
  /** Take the service session from a bearer token only (the jwt_ paths). */
  jwt?: boolean;
  /** What the module's services take besides the common scope (a keystore, the secret box...). */
  scope?: (base: ServiceDataScope, request: FastifyRequest) => Scope;
};

/**
 * The route configs and scope of a module's service data routes, from the permission category that guards them:
 * `config: view` on reads, `config: modify` on changes, `service.x(scopeOf(request), ...)` in handlers.
 */
export function serviceDataRoutes(category: Category, options?: Omit<Options<never>, 'scope'>): ServiceDataRoutes<ServiceDataScope>;
export function serviceDataRoutes<Scope>(category: Category, options: Options<Scope> & Required<Pick<Options<Scope>, 'scope'>>): ServiceDataRoutes<Scope>;
export function serviceDataRoutes<Scope>(category: Category, { jwt, scope }: Options<Scope> = {}): ServiceDataRoutes<Scope | ServiceDataScope> {
  const rule = (level: ServiceAccessRule['level']): ServiceAccessRule => (jwt ? { category, level, jwt: true } : { category, level });
  return {
    view: { signedIn: true, serviceAccess: rule('View') },
    modify: { signedIn: true, serviceAccess: rule('Modify') },
    scopeOf: (request) => {
      const base = serviceDataScope(request);
      return scope ? scope(base, request) : base;
    },
  };
}

/** The common scope of a service data request; the pipeline ran it only for a signed-in caller with a session. */
export function serviceDataScope(request: FastifyRequest): ServiceDataScope {
  const principal = principalOf(request);
  const access = request.serviceAccess;
  return { tx: request.tx, principal, accountId: principal.account.id, serviceId: access.serviceId, access, actor: principal.username };
}
