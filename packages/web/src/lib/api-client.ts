import type { z } from 'zod';
import { errorEnvelope } from '@keydeck/contract/errors';
import { CSRF_HEADER } from '@keydeck/contract/http';
import { CoreMessages } from '@keydeck/contract/core-messages';
import { ApiError, ResponseValidationError, type ApiCallOptions } from './api-error';
import { currentCsrfToken } from './csrf';
import { readErrorBody } from './error-toast';

export interface ApiRequest<S extends z.ZodType> extends ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** The contract schema the success body must match. */
  schema: S;
  signal?: AbortSignal;
  /** A bearer token for the Authorization header (JWT services, see service-session.ts). */
  bearer?: string;
  /** Headers the endpoint takes besides the usual ones (an Idempotency-Key); they cannot replace those. */
  headers?: Record<string, string>;
  /** The success body is text (a CSV download), handed to the schema as it came instead of as JSON. */
  text?: boolean;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
}

/**
 * The only place in the web app that calls fetch. Same origin, cookies included, the anti-forgery
 * header on every request; a success body is parsed with its contract schema, a failure becomes an
 * ApiError that error-toast.ts maps to spec §8 behaviour.
 */
export async function apiRequest<S extends z.ZodType>(path: string, request: ApiRequest<S>): Promise<z.infer<S>> {
  const { method = 'GET', body, schema, signal, bearer, ignoreAuth, serviceScoped, serviceId, text = false } = request;
  const call: ApiCallOptions = { ignoreAuth, serviceScoped, serviceId };
  const headers = new Headers(request.headers);
  headers.set('Accept', text ? 'text/*, application/json' : 'application/json');
  const token = currentCsrfToken();
  if (token !== null) headers.set(CSRF_HEADER, token);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (bearer !== undefined) headers.set('Authorization', `Bearer ${bearer}`);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(null, undefined, call, CoreMessages.requestFailed);
  }

  if (!response.ok) {
    const errorBody = await readErrorBody(await response.text().catch(() => ''));
    const envelope = errorEnvelope.partial().safeParse(errorBody);
    const message = (envelope.success && envelope.data.message) || `${method} ${path} failed with ${response.status}`;
    throw new ApiError(response.status, errorBody, call, message);
  }

  const payload: unknown =
    response.status === 204 ? undefined : text ? await response.text() : await response.json().catch(() => undefined);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ResponseValidationError(CoreMessages.validationFailed(describeIssues(parsed.error)));
  return parsed.data;
}
