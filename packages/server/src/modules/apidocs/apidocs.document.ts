import { Messages } from '@keydeck/contract/messages';
import type { RouteOptions } from 'fastify';
import { exampleOf, type JsonSchema } from './apidocs.examples.ts';
import { productTitles, tagDescriptions, type ApiProduct, type ApiTag } from '@keydeck/contract/api-products';

type Operation = JsonSchema & { operationId?: string; responses: Record<string, JsonSchema>; parameters?: JsonSchema[]; requestBody?: JsonSchema };
export type OpenApiDocument = JsonSchema & { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, JsonSchema>> };

const methods = ['get', 'put', 'post', 'delete', 'patch'];
const envelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };

/** The one error envelope every refusal answers (platform/errors.ts, platform/error-handler.ts). */
const errorEnvelope: JsonSchema = {
  type: 'object',
  description: 'Every refusal: a message for people, a machine-readable cause for some, field errors for bad input, and the request id to quote.',
  required: ['message', 'request_id'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in words a user can act on.' },
    error: { type: 'string', description: 'Machine-readable code for refusals a client acts on (for example service_session_required).' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Field name -> what is wrong with it.' },
    request_id: { type: 'string', format: 'uuid', description: 'The id of this request in the server log and the audit trail.' },
  },
};

/** The refusals an operation can answer and why; which ones apply is decided in `errorsOf`. */
const errorResponses: Record<string, [description: string, message: string]> = {
  '400': ['The input is not valid (field errors name each field), or a rule refuses it; nothing changed.', Messages.invalidRequest],
  '401': ['No signed-in session or valid bearer token.', Messages.notLoggedIn],
  '403': ['The caller lacks the permission, calls from an address the account does not allow, or lacks the anti-forgery header on a session call.', Messages.permissionDenied],
  '404': ['Nothing with that id exists for the caller.', Messages.notFound],
  '409': ['The change clashes with what exists now (a taken name, a state that does not allow it).', 'The change clashes with the current state.'],
  '429': ['Too many requests from this address: retry after the Retry-After header.', Messages.tooManyRequests],
  '503': ['A dependency (the keystore or an HSM) is away for now: nothing changed; retry after the Retry-After header.', Messages.keystoreUnavailable],
};
/** What @fastify/swagger calls 'Default Response', said for each status a route declares itself. */
const declaredDescriptions: Record<string, string> = {
  '200': 'Done: the answer.',
  '201': 'Created: the new resource.',
  '202': 'Accepted: the work goes on in the background.',
  '400': 'Refused: the request is not valid.',
  '401': 'Refused: the client could not be authenticated.',
  '503': 'Not available now: a dependency is down.',
};
/** Paths whose handlers reach a keystore or an HSM token, which may be away (503). */
const reachesKeystore = /cloud-hsms|clusters|symmetric_key|cert_authority|key_assignment|certificate|payment/;

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

/** The caller a route admits, from its `config`: a permission name, or who may call it without one. */
export function permissionOf(config: RouteOptions['config']): string {
  if (config?.permission) return config.permission;
  if (config?.public) return 'public';
  if (config?.partialSession) return 'partial-session';
  return 'signed-in';
}

function permissionLine(config: RouteOptions['config']): string {
  const permission = permissionOf(config);
  const who = {
    public: 'Public: anyone may call it, signed in or not.',
    'partial-session': 'Only a sign-in that still owes its second factor may call it.',
    'signed-in': 'Any signed-in user may call it.',
  }[permission] ?? `Permission: \`${permission}\`.`;
  const service = config?.serviceAccess;
  return service ? `${who} Needs a live service session${service.category ? ` whose user group has ${service.category} at ${service.level ?? 'View'} level` : ''}.` : who;
}

function errorsOf(method: string, path: string, op: Operation, config: RouteOptions['config']): string[] {
  const isPublic = Boolean(config?.public);
  const changes = method !== 'get';
  return [
    (op.parameters?.length || op.requestBody) && '400',
    !isPublic && '401',
    (!isPublic || changes) && '403',
    path.includes('{') && '404',
    changes && !isPublic && '409',
    config?.rateLimit && '429',
    reachesKeystore.test(path) && '503',
  ].filter((code): code is string => typeof code === 'string' && !(code in op.responses));
}

function decorate(method: string, path: string, op: Operation, route: RouteOptions | undefined, refs: Record<string, JsonSchema>): Operation {
  const config = route?.config;
  const summary = op.summary as string;
  const audited = config?.audit && `Audit log action: \`${config.audit.action}\`.`;
  const description = [op.description as string, permissionLine(config), audited].filter(Boolean).join('\n\n');
  const responses: Record<string, JsonSchema> = Object.fromEntries(
    Object.entries(op.responses).map(([code, response]) => {
      const content = response.content as Record<string, { schema?: JsonSchema }> | undefined;
      const withExamples = content && Object.fromEntries(Object.entries(content).map(([type, media]) => [type, { ...media, example: exampleOf(media.schema, refs) }]));
      const description = response.description === 'Default Response' ? (declaredDescriptions[code] ?? response.description) : response.description;
      return [code, { ...response, description, ...(withExamples && { content: withExamples }) }];
    }),
  );
  for (const code of errorsOf(method, path, op, config)) {
    const [text, message] = errorResponses[code]!;
    responses[code] = { description: text, content: { 'application/json': { schema: envelopeRef, example: { message, request_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6' } } } };
  }
  const body = op.requestBody as (JsonSchema & { content?: Record<string, { schema?: JsonSchema }> }) | undefined;
  const requestBody = body?.content && {
    ...body,
    content: Object.fromEntries(Object.entries(body.content).map(([type, media]) => [type, { ...media, example: exampleOf(media.schema, refs) }])),
  };
  const safe = method === 'get';
  const security = config?.public ? [] : config?.partialSession || !safe ? [{ session: [], antiForgery: [] }, { bearer: [] }] : [{ session: [] }, { bearer: [] }];
  // Summary, tags and description first whatever the route declared them with, so the document's order is stable.
  const { summary: _summary, tags: _tags, description: _description, ...rest } = op;
  return {
    operationId: op.operationId,
    ...(summary && { summary }),
    tags: op.tags as string[],
    description,
    ...rest,
    'x-permission': permissionOf(config),
    security,
    ...(requestBody && { requestBody }),
    responses,
  };
}

/**
 * The API document as it is published: OpenAPI 3.1 from @fastify/swagger, which reads the endpoint declarations
 * (contract *.api.ts: schemas, summary, description, product and tag) as the routes registered them, completed
 * from each route's access (permission, security, error responses) and with examples. With `product`, only that
 * product's operations; without, all of them.
 */
export function documentApi(generated: unknown, routes: RouteOptions[], product?: ApiProduct): OpenApiDocument {
  const raw = generated as OpenApiDocument;
  const refs = (raw.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const routeOf = new Map(routes.flatMap((r) => [r.method].flat().map((m) => [`${m.toLowerCase()} ${openapiPath(r.url)}`, r] as const)));
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const [rawPath, item] of Object.entries(raw.paths)) {
    const path = openapiPath(rawPath);
    for (const [method, declaredOp] of Object.entries(item)) {
      if (!methods.includes(method)) continue;
      // Every route is registered from its declaration (platform/endpoint-route.ts), which names its product.
      const { 'x-product': declaredProduct, 'x-audit-action': _auditAction, ...op } = declaredOp as Operation & { 'x-product': ApiProduct; 'x-audit-action'?: string };
      if (product && declaredProduct !== product) continue;
      const documented = decorate(method, path, op, routeOf.get(`${method} ${path}`), refs);
      (documented.tags as string[]).forEach((t) => tags.add(t));
      (paths[path] ??= {})[method] = documented;
    }
  }
  const info = raw.info as JsonSchema;
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      title: product ? `Keydeck ${productTitles[product]} API` : (info.title as string),
      description:
        'The REST API behind the Keydeck console. Call it with the browser session (cookie KEYDECK_SESSION; state-changing calls echo the VCSRF-TOKEN cookie in the X-VCSRF-TOKEN header) or with a bearer token that an API credential was exchanged for. Errors answer one envelope: {message, error?, errors?, request_id}.',
      contact: { name: 'Keydeck support', url: 'https://keydeck.example.com/support', email: 'support@keydeck.example.com' },
      license: { name: 'Proprietary', url: 'https://keydeck.example.com/terms' },
    },
    servers: [{ url: '/', description: 'This console (same origin)' }],
    tags: [...tags].sort().map((name) => ({ name, description: tagDescriptions[name as ApiTag] })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      ...raw.components,
      schemas: { ...refs, ErrorEnvelope: errorEnvelope },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'KEYDECK_SESSION', description: 'The console session, set by sign-in.' },
        antiForgery: { type: 'apiKey', in: 'header', name: 'X-VCSRF-TOKEN', description: 'The VCSRF-TOKEN cookie echoed back: required with the session on state-changing calls.' },
        bearer: { type: 'http', scheme: 'bearer', description: 'A short-lived token an API credential was exchanged for (OAuth 2 client credentials). Never combined with cookies.' },
      },
    },
  };
}
