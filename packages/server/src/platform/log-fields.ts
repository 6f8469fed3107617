import type { FastifyRequest } from 'fastify';
import { activeTraceId } from './tracing.ts';

/** The account each request's logger acts for, once the caller is known (request-pipeline.ts). */
const accounts = new WeakMap<object, string>();

/** From now on every line of this request's log names the account it acts for. */
export function logAccount(request: FastifyRequest, accountId: string): void {
  accounts.set(request.log, accountId);
}

/**
 * pino's mixin: the fields added to each line when it is written, not to each request's logger when it is made
 * (a child logger per request with the account bound costs on every request, logged or not): the account, and with
 * tracing on the trace, beside the request id Fastify binds.
 */
export function logFields(_fields: object, _level: number, logger: object): Record<string, string> {
  const accountId = accounts.get(logger);
  const traceId = activeTraceId();
  return { ...(accountId ? { accountId } : {}), ...(traceId ? { traceId } : {}) };
}
