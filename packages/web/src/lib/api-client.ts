import { callEndpoint, CallError, downloadEndpoint, ResponseMismatchError, type CallOptions } from '@keydeck/client/call';
import type { Endpoint, EndpointInput, EndpointOutput } from '@keydeck/contract/endpoint';
import { CoreMessages } from '@keydeck/contract/core-messages';
import { ApiError, ResponseValidationError, type ApiCallOptions } from './api-error';
import { currentCsrfToken } from './csrf';

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
