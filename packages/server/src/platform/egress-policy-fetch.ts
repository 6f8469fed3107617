import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { inSpan, SpanKind, traceHeaders } from './tracing.ts';
import type { Egress } from './egress-policy.ts';

/** The most a tenant's server may answer: discovery documents, key sets and tokens are a few kilobytes. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** Statuses whose Response carries no body. */
const NO_BODY = new Set([101, 204, 205, 304]);

export type EgressFetchInit = { method: string; headers: Record<string, string>; body?: RequestInit['body']; signal?: AbortSignal | null };

/**
 * fetch for HTTP(S) requests to servers a tenant configured (identity providers): the host name is resolved once
 * through the egress policy and the socket goes to the address it checked, so a name cannot answer differently
 * between check and connection. TLS still verifies the certificate for the name. Redirects are not followed.
 */
export function egressFetch(egress: Egress) {
  return (url: string, init: EgressFetchInit): Promise<Response> => {
    const target = new URL(url);
    // The span names the server, never the URL: a query may carry a code or a token.
    const attributes = { 'http.request.method': init.method, 'server.address': target.hostname, 'server.port': Number(target.port) || (target.protocol === 'https:' ? 443 : 80) };
    return inSpan(`${init.method}`, SpanKind.CLIENT, attributes, () => send(egress, target, url, init));
  };
}

/** The request itself, to the address the egress policy checked. */
async function send(egress: Egress, target: URL, url: string, init: EgressFetchInit): Promise<Response> {
  const secure = target.protocol === 'https:';
  const checked = await egress.resolve(target.hostname.replace(/^\[|\]$/g, ''), Number(target.port) || (secure ? 443 : 80));
  const lookup: LookupFunction = (_name, options, callback) => {
    if (options.all) callback(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
  const body = init.body == null ? undefined : Buffer.from(await new Request(url, { method: init.method, body: init.body }).arrayBuffer());
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: init.method,
        headers: { ...init.headers, ...traceHeaders(), ...(body ? { 'content-length': String(body.length) } : {}) },
        signal: init.signal ?? undefined,
        agent: false,
        lookup,
      },
      (response) => collect(response).then((bytes) => toResponse(response, bytes)).then(resolve, reject),
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function collect(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_RESPONSE_BYTES) {
      response.destroy();
      throw new Error(`The response is larger than ${MAX_RESPONSE_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function toResponse(response: IncomingMessage, bytes: Buffer): Response {
  const headers = new Headers();
  for (let i = 0; i < response.rawHeaders.length; i += 2) headers.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
  const status = response.statusCode ?? 502;
  return new Response(NO_BODY.has(status) ? null : bytes, { status, statusText: response.statusMessage ?? '', headers });
}
