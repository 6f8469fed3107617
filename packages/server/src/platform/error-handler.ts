import { Messages } from '@keydeck/contract/messages';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Db } from '../db/database.ts';
import { auditActionOf, writeRequestAuditEvent } from './audit.ts';
import { AppError, type RefusalConcern } from './errors.ts';
import { SYSTEM_SCOPE, inScope } from './tenant-scope.ts';

type Refusal = {
  status: number;
  reason: string;
  alwaysAudit?: boolean | undefined;
  concern?: RefusalConcern | undefined;
  body: { message: string; error?: string; errors?: Record<string, string[]> };
  headers?: Record<string, string>;
};

/** The one place errors become the wire envelope {message, error?, errors?, request_id}; 5xx reveal nothing. */
export function registerErrorHandler(app: FastifyInstance, db: Db): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const refusal = toRefusal(error);
    if (refusal.status >= 500) request.log.error({ err: error }, 'request failed');
    await auditRefusal(db, request, refusal);
    const body = request.routeOptions.config?.oauthErrors ? oauthErrorBody(refusal) : { ...refusal.body, request_id: request.id };
    return reply.status(refusal.status).headers(refusal.headers ?? {}).send(body);
  });
}

/** A refusal as an OAuth client expects it (RFC 6749 §5.2): a code it can act on and the reason in words. */
function oauthErrorBody(refusal: Refusal): { error: string; error_description: string } {
  const fields = Object.entries(refusal.body.errors ?? {}).map(([field, texts]) => `${field}: ${texts.join(', ')}`);
  const description = [refusal.body.message, ...fields].join(' ');
  if (refusal.status === 400) return { error: 'invalid_request', error_description: description };
  return { error: 'temporarily_unavailable', error_description: description };
}

/** A refused state-changing request is audited too, in its own transaction: the request's was rolled back. */
export async function auditRefusal(
  db: Db,
  request: FastifyRequest,
  refusal: Pick<Refusal, 'status' | 'reason' | 'alwaysAudit' | 'concern'>,
) {
  const action = auditActionOf(request, refusal.alwaysAudit);
  if (!action) return;
  const outcome = refusal.status >= 500 ? 'failure' : 'refused';
  const event = { outcome, reason: refusal.reason, concern: refusal.concern } as const;
  await inScope(db, SYSTEM_SCOPE, (tx) => writeRequestAuditEvent(tx, request, action, event)).catch(
    (err: unknown) => request.log.error({ err }, 'could not write the audit event of a refused request'),
  );
}

function toRefusal(error: FastifyError): Refusal {
  if (error instanceof AppError) {
    const { reason = 'refused', errors, headers, alwaysAudit, code, concern } = error.options;
    return {
      status: error.statusCode,
      reason,
      alwaysAudit,
      concern,
      body: { message: error.message, ...(code ? { error: code } : {}), ...(errors ? { errors } : {}) },
      headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path naming something with a malformed id (a mistyped or cut link) names nothing: not found, as an unknown id.
    if (error.validationContext === 'params') return { status: 404, reason: 'not_found', body: { message: Messages.notFound } };
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
      (errors[field] ??= []).push(issue.message ?? 'Invalid value');
    }
    return { status: 400, reason: 'invalid_input', body: { message: Messages.invalidRequest, errors } };
  }
  const sqlState = databaseCodeOf(error);
  if (sqlState && isUnavailable(sqlState)) {
    // Load balancers and clients retry a 503 with Retry-After; the outage is the readiness probe's to report.
    return { status: 503, reason: 'database_unavailable', body: { message: Messages.serviceUnavailable }, headers: { 'retry-after': '5' } };
  }
  if (sqlState?.startsWith('22')) {
    // A data exception (a value out of the column's range, text the encoding cannot hold) past the contract's checks.
    return { status: 400, reason: `invalid_data:${sqlState}`, body: { message: Messages.invalidRequest } };
  }
  if (isConstraintConflict(error)) {
    // A race past the service's own checks (unique key, exclusion): the database kept the data consistent.
    return { status: 409, reason: 'constraint_conflict', body: { message: Messages.conflict } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own refusals (malformed JSON, body too large, unsupported media type): their texts are safe.
    return { status, reason: error.code ?? 'bad_request', body: { message: error.message } };
  }
  return { status: 500, reason: 'internal_error', body: { message: Messages.internalError } };
}

/**
 * The SQLSTATE (or the driver's connection error code) of a database error, possibly wrapped by the ORM; null for
 * anything else.
 */
function databaseCodeOf(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || CONNECTION_ERRORS.has(code))) return code;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return 'ECONNRESET';
  }
  return null;
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** What pg's pool, its client and PGlite say when the connection is gone, without a code. */
const LOST_CONNECTION = /^(timeout exceeded when trying to connect|timeout expired|Connection terminated|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end)/;

/**
 * Connection exceptions (08), insufficient resources (53), operator intervention (57: shutdown, cannot connect now),
 * and a write refused as read-only (25006): the host is a standby now, until the connection finds the new primary.
 */
function isUnavailable(code: string): boolean {
  return CONNECTION_ERRORS.has(code) || code === '25006' || /^(08|53|57)/.test(code);
}

/**
 * What the log holds of an error (the logger's `err` serializer): the ORM's wrapper of a database error carries the
 * query's parameters (a password hash, a token) in its message, so a database error is logged by its class, code
 * and the statement's text only.
 */
export function loggable(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const frames = error.stack?.split('\n').filter((line) => line.startsWith('    at ')).join('\n') ?? '';
  if (!databaseCodeOf(error) && !('params' in error)) {
    return { type: error.name, message: error.message, code: (error as { code?: unknown }).code, stack: `${error.name}: ${error.message}\n${frames}` };
  }
  const chain: Record<string, unknown>[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code, routine, table, column, constraint, query } = e as Record<string, unknown>;
    chain.push({ type: name, code, routine, table, column, constraint, query: typeof query === 'string' ? query : undefined });
  }
  return { type: 'DatabaseError', message: `database error ${databaseCodeOf(error) ?? ''}`.trim(), chain, stack: frames };
}

type LoggedError = { type: string; message: string; stack: string; [fact: string]: unknown };

/** PostgreSQL's unique_violation and exclusion_violation, possibly wrapped by the ORM. */
function isConstraintConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505' || code === '23P01') return true;
  }
  return false;
}
