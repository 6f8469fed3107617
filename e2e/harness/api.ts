import type { Page } from 'playwright-core';
import { callEndpoint, type Transport } from '@keydeck/client/call';
import type { ApprovalPending } from '@keydeck/contract/approvals';
import { CSRF_COOKIE } from '@keydeck/contract/http';
import type { Endpoint, EndpointInput, EndpointOutput } from '@keydeck/contract/endpoint';

/** The page's own request context as the typed client's transport: its cookies go with every call. */
const transportOf = (page: Page): Transport => ({
  fetch: async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const response = await page.request.fetch(String(url), {
      method: init?.method,
      headers,
      data: typeof init?.body === 'string' ? init.body : undefined,
    });
    const empty = [204, 205, 304].includes(response.status());
    // Header by header: headers() joins several Set-Cookie lines with a newline, which Headers refuses.
    const answered = new Headers();
    for (const { name, value } of response.headersArray()) answered.append(name, value);
    return new Response(empty ? null : new Uint8Array(await response.body()), { status: response.status(), headers: answered });
  },
});

/**
 * Seeds data through a declared endpoint with the page's own session (its cookies and anti-forgery token), the
 * way the console sends it; a refusal throws with the server's message, and so does a call that waits for approval
 * (a seed expects its result; a test of approvals uses pendingCall).
 */
export async function apiCall<E extends Endpoint>(page: Page, endpoint: E, input: EndpointInput<E>): Promise<Exclude<EndpointOutput<E>, ApprovalPending>> {
  const answer = await pendingCall(page, endpoint, input);
  if (answer !== null && typeof answer === 'object' && 'approval_request' in answer) throw new Error(`${endpoint.operationId} waits for approval`);
  return answer as Exclude<EndpointOutput<E>, ApprovalPending>;
}

/** A call as apiCall sends it, whose answer may be the pending request of an operation that needs approval (202). */
export async function pendingCall<E extends Endpoint>(page: Page, endpoint: E, input: EndpointInput<E>, headers?: Record<string, string>): Promise<EndpointOutput<E>> {
  const csrfToken = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? null;
  return callEndpoint(transportOf(page), endpoint, input, { csrfToken, headers });
}

/** Fields of a valid new account, unique by `key`. */
export function accountFields(key: string, name = `E2E ${key}`) {
  const slug = key.toLowerCase();
  return { name, api_name: slug, account_slug: slug, account_code: key.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 16) };
}
