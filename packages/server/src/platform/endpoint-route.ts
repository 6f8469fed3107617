import type { Endpoint } from '@keydeck/contract/endpoint';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal.ts';

/** The route options a declared endpoint fixes: method, path and schema (with its operation's docs). */
export type DeclaredRoute<E extends Endpoint> = {
  method: E['method'];
  url: E['path'];
  schema: {
    operationId: E['operationId'];
    summary: string;
    description: string;
    tags: string[];
    hide?: true;
    'x-product': string;
    params: E['params'];
    querystring: E['query'];
    body: E['body'];
    headers: E['headers'];
    /** An answer that waits for approval (202) is the pipeline's, never the handler's. */
    response: E extends { approval: object } ? Omit<E['responses'], 202> : E['responses'];
    consumes?: string[];
    /** The approval the operation can need (the request pipeline's gate reads it). */
    'x-approval'?: E['approval'];
    /** The audit action the declaration names (the request pipeline puts it in the route's audit declaration). */
    'x-audit-action'?: E['audit'];
  };
};

/**
 * A route's method, path and schemas from its endpoint declaration in the contract; the route adds its access
 * (`config`), its audit and its handler: `routes.route({ ...declared(devicesApi.listDevices), config: view, handler })`.
 */
export function declared<E extends Endpoint>(endpoint: E): DeclaredRoute<E> {
  const { method, path, operationId, summary, description, tag, product, params, query, body, headers, responses, hidden, consumes, approval, audit } = endpoint;
  const schema = { operationId, summary, description, tags: [tag], 'x-product': product, 'x-approval': approval, 'x-audit-action': audit, params, querystring: query, body, headers, response: responses, consumes, hide: hidden };
  // Fastify and the documents read a key's presence: leave out what the endpoint does not declare.
  for (const key of Object.keys(schema) as (keyof typeof schema)[]) if (schema[key] === undefined) delete schema[key];
  return { method, url: path, schema } as DeclaredRoute<E>;
}

/** The signed-in caller of a route whose access admits only signed-in callers (the pipeline refused everyone else). */
export function principalOf(request: FastifyRequest): Principal {
  // The route's access refused a visitor before the handler ran: reaching here without one is a bug.
  if (!request.principal) throw new Error(`${request.routeOptions.url}: a handler for signed-in callers ran without one.`);
  return request.principal;
}
