import { ErrorCode, errorEnvelope, messageListEnvelope } from '@keydeck/contract/errors';
import { CoreMessages } from '@keydeck/contract/core-messages';
import { ApiError } from './api-error';
import type { ToastSpec } from './toasts';

/** What the app does about a failed call (spec §8). */
export type ErrorEffect =
  | { kind: 'none' }
  | { kind: 'session-lost' }
  /** The service session behind a service call is gone: clear that service's authorization, back to its login. */
  | { kind: 'service-session-expired'; toast: ToastSpec; serviceId: string | null }
  | { kind: 'toast'; toast: ToastSpec };

function fieldLines(errors: Record<string, string[]> | undefined): string[] {
  if (!errors) return [];
  return Object.entries(errors)
    .filter(([, texts]) => texts.length > 0)
    .map(([field, texts]) => `${field}: ${texts.join(', ')}`);
}

function generalToast(context: string | undefined, message: string | undefined, fields: string[]): ToastSpec {
  const lines = [context, message, ...fields].filter((line): line is string => Boolean(line));
  if (!message && fields.length === 0) lines.push(CoreMessages.unexpectedError);
  return { color: 'error', message: lines.join('\n') };
}

/** A service 403 means the session is gone only with this reason; a missing permission category is a plain refusal. */
function serviceSessionRequired(body: unknown): boolean {
  const envelope = errorEnvelope.partial().safeParse(body);
  return envelope.success && envelope.data.error === ErrorCode.serviceSessionRequired;
}

/**
 * The one mapping from a failure to its behaviour. Pure: the caller applies the effect.
 * `context` is the caller's prefix, for example "Could not load the server status".
 */
export function errorEffect(error: unknown, context?: string): ErrorEffect {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : undefined;
    return { kind: 'toast', toast: generalToast(context, message, []) };
  }
  if (error.status === null) {
    return { kind: 'toast', toast: generalToast(context, CoreMessages.requestFailed, []) };
  }
  if (error.status === 401) {
    return error.call.ignoreAuth ? { kind: 'none' } : { kind: 'session-lost' };
  }
  if (error.status === 403 && error.call.serviceScoped && serviceSessionRequired(error.body)) {
    return {
      kind: 'service-session-expired',
      toast: { color: 'error', message: CoreMessages.serviceSessionExpired },
      serviceId: error.call.serviceId ?? null,
    };
  }
  const envelope = errorEnvelope.partial().safeParse(error.body);
  const body = envelope.success ? envelope.data : {};
  // The server's id of the failed request: users quote it to support.
  const requestId = body.request_id ? { requestId: body.request_id } : {};
  if (error.status === 422) {
    const list = messageListEnvelope.safeParse(error.body);
    if (list.success && list.data.data.length > 0) {
      return { kind: 'toast', toast: { color: 'warning', message: list.data.data.join('\n'), ...requestId } };
    }
  }
  return { kind: 'toast', toast: { ...generalToast(context, body.message || body.error, fieldLines(body.errors)), ...requestId } };
}

/** Duck-typed: a Blob from another realm (a worker, a test environment) fails instanceof. */
function isBlob(value: unknown): value is Blob {
  return typeof value === 'object' && value !== null && typeof (value as Blob).text === 'function' && 'size' in value;
}

/**
 * An error body as data: JSON delivered as a Blob (downloads ask for blobs) or as text is parsed;
 * anything that is not JSON yields undefined, which maps to "Unexpected error".
 */
export async function readErrorBody(body: unknown): Promise<unknown> {
  const text = isBlob(body) ? await body.text() : body;
  if (typeof text !== 'string') return text;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
