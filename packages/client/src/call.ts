import { CSRF_HEADER } from '@keydeck/contract/http';
import { endpointUrl, type Endpoint, type EndpointInput, type EndpointOutput } from '@keydeck/contract/endpoint';

/** How one call is sent besides its declared input. */
export interface CallOptions {
  signal?: AbortSignal;
  /** A bearer token for the Authorization header (API credentials, JWT services). */
  bearer?: string;
  /** The anti-forgery token to echo (the VCSRF-TOKEN cookie), for session calls. */
  csrfToken?: string | null;
  /** Headers the endpoint takes besides the usual ones (an Idempotency-Key); they cannot replace those. */
  headers?: Record<string, string>;
}

/** What a call sends through: fetch, and the origin paths are resolved against ('' in a browser: same origin). */
export interface Transport {
  fetch: typeof fetch;
  baseUrl?: string;
  /** Sent with every request (the browser's cookies). */
  credentials?: RequestCredentials;
}

/** A refusal (status and the error envelope as it came), or no answer at all (status null). */
export class CallError extends Error {
  constructor(
    readonly status: number | null,
    readonly body: unknown,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'CallError';
  }
}

/** A success answer whose body does not match the endpoint's declared response. */
export class ResponseMismatchError extends Error {
  constructor(
    readonly endpoint: string,
    readonly issues: string,
  ) {
    super(`${endpoint}: the answer does not match the contract (${issues})`);
    this.name = 'ResponseMismatchError';
  }
}

/** JSON, or undefined when the text is empty or not JSON (a proxy's HTML error page). */
const parseJson = (text: string): unknown => {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A call's input as sent, whatever the endpoint. */
type WireInput = { params?: Record<string, string>; query?: unknown; body?: unknown };

/** Sends one call and answers its success response, body unread; a refusal or no answer throws CallError. */
async function open(transport: Transport, endpoint: Endpoint, input: WireInput, options: CallOptions, accept: string): Promise<Response> {
  const { signal, bearer, csrfToken, headers: extra } = options;
  const headers = new Headers(extra);
  headers.set('Accept', accept);
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  if (input.body !== undefined) headers.set('Content-Type', 'application/json');
  if (bearer !== undefined) headers.set('Authorization', `Bearer ${bearer}`);
  const path = endpointUrl(endpoint, input);

  let response: Response;
  try {
    response = await transport.fetch(`${transport.baseUrl ?? ''}${path}`, {
      method: endpoint.method,
      headers,
      credentials: transport.credentials,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new CallError(null, undefined, `${endpoint.method} ${path}: no answer`, { cause });
  }
  if (!response.ok) {
    const body = parseJson(await response.text().catch(() => ''));
    const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message ? body.message : `${endpoint.method} ${path} failed with ${response.status}`;
    throw new CallError(response.status, body, message);
  }
  return response;
}

/** The same, its body read as text. */
async function send(transport: Transport, endpoint: Endpoint, input: WireInput, options: CallOptions, accept: string) {
  const response = await open(transport, endpoint, input, options, accept);
  return { status: response.status, text: await response.text().catch(() => '') };
}

/**
 * Calls one declared endpoint: its URL from its path, params and query; its body as JSON; the answer parsed with
 * the schema declared for the status that came back. A refusal throws CallError with the server's message.
 */
export async function callEndpoint<E extends Endpoint>(transport: Transport, endpoint: E, input: EndpointInput<E>, options: CallOptions = {}): Promise<EndpointOutput<E>> {
  const { status, text } = await send(transport, endpoint, input, options, endpoint.text ? 'text/*, application/json' : 'application/json');
  const schema = endpoint.responses[status];
  const payload = endpoint.text ? text : parseJson(text);
  if (!schema) {
    if (payload === undefined) return undefined as EndpointOutput<E>;
    throw new ResponseMismatchError(endpoint.operationId, `status ${status} is not declared`);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ResponseMismatchError(endpoint.operationId, parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; '));
  }
  return parsed.data as EndpointOutput<E>;
}

/** Calls an endpoint whose query asks for a file (a list with export=true answers CSV): the answer's text as it came. */
export async function downloadEndpoint<E extends Endpoint>(transport: Transport, endpoint: E, input: EndpointInput<E>, options: CallOptions = {}): Promise<string> {
  return (await send(transport, endpoint, input, options, 'text/*, application/json')).text;
}

/** The same as a stream, read as it arrives: a large export never sits whole in memory. */
export async function streamEndpoint<E extends Endpoint>(transport: Transport, endpoint: E, input: EndpointInput<E>, options: CallOptions = {}): Promise<ReadableStream<Uint8Array>> {
  return (await open(transport, endpoint, input, options, 'text/*, application/json')).body ?? new ReadableStream({ start: (controller) => controller.close() });
}
