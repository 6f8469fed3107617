import { authApi } from '@keydeck/contract/auth.api';
import { CSRF_COOKIE } from '@keydeck/contract/http';
import type { Endpoint, EndpointInput, EndpointOutput } from '@keydeck/contract/endpoint';
import { callEndpoint, downloadEndpoint, streamEndpoint, type CallOptions, type Transport } from './call.ts';

export interface ClientOptions {
  /** The console's origin, e.g. https://keydeck.example.com or http://127.0.0.1:8080. */
  baseUrl: string;
  /** A bearer token an API credential was exchanged for; without one the client keeps a session's cookies. */
  bearer?: string;
  fetch?: typeof fetch;
}

type Call<E extends Endpoint> = (input: EndpointInput<E>, options?: CallOptions) => Promise<EndpointOutput<E>>;

/** A group of declarations as functions: `client.of(devicesApi).listDevices({ query })`. */
export type BoundEndpoints<G extends Record<string, Endpoint>> = { [K in keyof G]: Call<G[K]> };

/**
 * The API for scripts, tests and tools outside a browser: typed calls of the contract's declarations. Signed in
 * with a bearer token, or with a session whose cookies it keeps (as a browser would), echoing the anti-forgery
 * cookie on every call.
 */
export function createClient({ baseUrl, bearer, fetch: send = fetch }: ClientOptions) {
  const cookies = new Map<string, string>();
  const transport: Transport = {
    baseUrl: baseUrl.replace(/\/$/, ''),
    fetch: async (url, init) => {
      const headers = new Headers(init?.headers);
      if (cookies.size) headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      const response = await send(url, { ...init, headers });
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
        if (expired) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
  };
  /**
   * A session call that changes something echoes the anti-forgery cookie; a client that has none yet asks for the
   * session first, as a browser's first page load does (every answer hands a visitor a token, even a refusal).
   */
  const optionsOf = async (endpoint: Endpoint, options?: CallOptions): Promise<CallOptions> => {
    if (bearer === undefined && endpoint.method !== 'GET' && !cookies.has(CSRF_COOKIE)) {
      await callEndpoint(transport, authApi.getSession, {}).catch(() => undefined);
    }
    return { bearer, csrfToken: cookies.get(CSRF_COOKIE) ?? null, ...options };
  };
  const call = async <E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions) =>
    callEndpoint(transport, endpoint, input, await optionsOf(endpoint, options));
  return {
    call,
    /** A file the endpoint answers (a list with export=true), as text. */
    download: async <E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions) =>
      downloadEndpoint(transport, endpoint, input, await optionsOf(endpoint, options)),
    /** The same file as a stream, for one too large to hold whole. */
    stream: async <E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions) =>
      streamEndpoint(transport, endpoint, input, await optionsOf(endpoint, options)),
    /** A group of declarations as typed functions. */
    of: <G extends Record<string, Endpoint>>(group: G): BoundEndpoints<G> =>
      Object.fromEntries(Object.entries(group).map(([name, endpoint]) => [name, (input: EndpointInput<Endpoint>, options?: CallOptions) => call(endpoint, input, options)])) as unknown as BoundEndpoints<G>,
  };
}

export type Client = ReturnType<typeof createClient>;
