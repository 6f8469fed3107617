import type { z } from 'zod';
import { callEndpoint, CallError, downloadEndpoint, ResponseMismatchError, type CallOptions } from '@keydeck/client/call';
import type { Endpoint, EndpointInput, EndpointOutput } from '@keydeck/contract/endpoint';
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

/** One call of a declared endpoint: its input typed by the declaration, and how its failures are treated (spec §8). */
export type ApiCall<E extends Endpoint> = EndpointInput<E> & ApiCallOptions & Omit<CallOptions, 'csrfToken'>;

const browser = { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init), credentials: 'include' as const };

async function inBrowser<T>(call: ApiCallOptions & Omit<CallOptions, 'csrfToken'>, send: (options: CallOptions) => Promise<T>): Promise<T> {
  const { ignoreAuth, serviceScoped, serviceId, signal, bearer, headers } = call;
  try {
    return await send({ signal, bearer, headers, csrfToken: currentCsrfToken() });
  } catch (error) {
    const options: ApiCallOptions = { ignoreAuth, serviceScoped, serviceId };
    if (error instanceof CallError) throw new ApiError(error.status, error.body, options, error.status === null ? CoreMessages.requestFailed : error.message);
    if (error instanceof ResponseMismatchError) throw new ResponseValidationError(CoreMessages.validationFailed(error.issues));
    throw error;
  }
}

/**
 * The only way the web app calls the API: same origin, cookies included, the anti-forgery header on every request;
 * the answer parsed with the endpoint's declared schema, a failure an ApiError that error-toast.ts maps to spec §8.
 */
export function callApi<E extends Endpoint>(endpoint: E, call: ApiCall<E>): Promise<EndpointOutput<E>> {
  return inBrowser(call, (options) => callEndpoint(browser, endpoint, call, options));
}

/** A file the endpoint answers (a list with export=true): its text, for save-file.ts. */
export function downloadApi<E extends Endpoint>(endpoint: E, call: ApiCall<E>): Promise<string> {
  return inBrowser(call, (options) => downloadEndpoint(browser, endpoint, call, options));
}
