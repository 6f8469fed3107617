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
    return reply
      .status(refusal.status)
      .headers(refusal.headers ?? {})
      .send({ ...refusal.body, request_id: request.id });
  });
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
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
      (errors[field] ??= []).push(issue.message ?? 'Invalid value');
    }
    return { status: 400, reason: 'invalid_input', body: { message: Messages.invalidRequest, errors } };
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

/** PostgreSQL's unique_violation and exclusion_violation, possibly wrapped by the ORM. */
function isConstraintConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505' || code === '23P01') return true;
  }
  return false;
}
