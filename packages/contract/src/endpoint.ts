import type { z } from 'zod';
import type { ApiProduct, ApiTag } from './api-products.ts';
import { APPROVAL_HEADER, APPROVAL_OPERATIONS, approvalPending, type ApprovalOperation } from './approvals.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One operation of the API, declared once (as ts-rest and tRPC do): the server registers its handler against it
 * (platform/endpoint-route.ts), the clients call it with typed params, query and body (packages/client), and the
 * OpenAPI documents are generated from it. Its operationId is its key in its `endpoints` group.
 */
export interface EndpointSpec {
  method: HttpMethod;
  /** As on the wire, parameters spelled `:name` (ApiPath). */
  path: string;
  /** One line, the operation's name in the documents. */
  summary: string;
  /** What it does and answers, for the documents; access, errors and examples are added from the route. */
  description: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** Each success status and its body; 204 takes z.undefined() or none. */
  responses: { [status: number]: z.ZodType };
  /** The request body's media types when JSON is not the only one (the OAuth token endpoint takes forms). */
  consumes?: string[];
  /** The success body is text (a CSV download), not JSON. */
  text?: true;
  /** Left out of the documents (the documents themselves, Stripe's webhook). */
  hidden?: true;
  /**
   * The operation can need approval (M of N) when the account's policy says so: it then answers 202 with the pending
   * request, and runs when sent again with the approved request's id. `when` limits it to some inputs (switching
   * enforcement off, not on).
   */
  approval?: { operation: ApprovalOperation; when?: (input: { body: unknown }) => boolean };
  /**
   * The action its audit event records (`area.verb`), declared here so that a new area lists its actions nowhere
   * else (AuditAction includes them); the server's route declares the event's other facts.
   */
  audit?: `${string}.${string}`;
  /** Overrides the group's tag or product for this one operation. */
  tag?: ApiTag;
  product?: ApiProduct;
}

export type Endpoint<S extends EndpointSpec = EndpointSpec, Id extends string = string> = S & {
  operationId: Id;
  product: ApiProduct;
  tag: ApiTag;
};

/** A group of operations of one area: each takes the group's product and tag unless it names its own. */
export function endpoints<const T extends Record<string, EndpointSpec>>(
  place: { product: ApiProduct; tag: ApiTag },
  specs: T,
): { [K in keyof T & string]: Endpoint<WithApproval<T[K]>, K> } {
  return Object.fromEntries(
    Object.entries(specs).map(([operationId, spec]) => [operationId, { ...place, ...withApproval(spec), operationId }]),
  ) as never;
}

/** An operation that can need approval may answer 202 with the pending request: its callers' types say so. */
type WithApproval<S extends EndpointSpec> = S extends { approval: object } ? Omit<S, 'responses'> & { responses: S['responses'] & { 202: typeof approvalPending } } : S;

/** An operation that can need approval says so in the documents and may answer 202 with the pending request. */
function withApproval(spec: EndpointSpec): EndpointSpec {
  if (!spec.approval) return spec;
  const needs = `Needs approval when the account's policy for "${APPROVAL_OPERATIONS[spec.approval.operation]}" is on: it then answers 202 with the pending request; once approved, the same call sent again with the request's id in the ${APPROVAL_HEADER} header is carried out once.`;
  return { ...spec, description: `${spec.description} ${needs}`, responses: { ...spec.responses, 202: approvalPending } };
}

/** The parameter names of a path, `:account_id` giving 'account_id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** A query flag the wire takes as 'true'/'false' may be given as a boolean: it travels as its text either way. */
type Flag<V> = [Extract<V, 'true' | 'false'>] extends [never] ? V : V | boolean;
type QueryInput<S> = Input<S> extends infer Q ? (Q extends object ? { [K in keyof Q]: Flag<Q[K]> } : Q) : never;

/** What a call of the endpoint takes: its path's parameters, its query and its body, each typed by the declaration. */
export type EndpointInput<E extends EndpointSpec> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E['path']>, string> }) &
  (E['query'] extends z.ZodType ? { query?: QueryInput<E['query']> } : { query?: undefined }) &
  // An endpoint that reads no body still takes an empty JSON object, as browsers' form posts send one.
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: Record<string, never> });

/** What a successful call answers: any of its success statuses' bodies. */
export type EndpointOutput<E extends EndpointSpec> = z.output<E['responses'][keyof E['responses'] & SuccessStatus]>;
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;

/** A query value on the wire: undefined, null and empty values are left out, everything else as text. */
export function queryString(query: unknown): string {
  const pairs = Object.entries((query ?? {}) as object).flatMap(([key, value]: [string, unknown]) =>
    (Array.isArray(value) ? value : [value])
      .filter((item) => item !== undefined && item !== null && item !== '')
      .map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A path with its `:name` parameters filled in, each encoded; a missing value is a caller's bug. */
function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** The URL of one call: the path with its parameters filled in and the query appended. */
export function endpointUrl(endpoint: EndpointSpec, input: { params?: Record<string, string>; query?: unknown }): string {
  return `${fillPath(endpoint.path, input.params)}${queryString(input.query)}`;
}
