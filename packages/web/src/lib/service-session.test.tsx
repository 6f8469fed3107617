import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { endpoints } from '@keydeck/contract/endpoint';
import { ErrorCode } from '@keydeck/contract/errors';
import { Messages } from '@keydeck/contract/messages';
import { ApiError } from './api-error';
import { CURRENT_SERVICE_KEY } from './current-service';
import {
  currentServiceId,
  forgetServiceAuthorizations,
  forgetServiceSession,
  loginToService,
  serviceCall,
  serviceSessionKeys,
  serviceSessionQueryOptions,
  serviceToken,
  useCurrentService,
  useServiceSession,
} from './service-session';

const SERVICE = '3f0b5c1e-8d2a-4c47-9b61-2f7e7c1d0a11';

function respondWith(...bodies: { status: number; body: unknown }[]) {
  const spy = vi.spyOn(globalThis, 'fetch');
  for (const { status, body } of bodies) {
    spy.mockImplementationOnce(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }
  return spy;
}

const docs = { summary: 'A test operation', description: 'Declared here to exercise service calls.' };
const probe = endpoints({ product: 'crypto-cluster', tag: 'Service users' }, {
  jwtRead: { method: 'GET', path: '/rest/api/v1/service/jwt_service_user', responses: { 200: z.object({ ok: z.boolean() }) }, ...docs },
  read: { method: 'GET', path: '/x', responses: { 200: z.object({}) }, ...docs },
});

const session = (token?: string) => ({
  service_session: { service_id: SERVICE, expires_at: '2030-01-01T00:10:00.000Z', idle_timeout_seconds: 600, ...(token ? { token } : {}) },
});

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('service sessions', () => {
  it('keeps the JWT of a use_jwt service out of the cache and sends it as a bearer token on service calls', async () => {
    const queryClient = new QueryClient();
    const fetchSpy = respondWith({ status: 200, body: session('jwt-abc') }, { status: 200, body: { ok: true } });
    const opened = await loginToService(queryClient, SERVICE);
    expect(opened.token).toBeUndefined();
    expect(queryClient.getQueryData(serviceSessionKeys(SERVICE).all)).toMatchObject({ expires_at: '2030-01-01T00:10:00.000Z' });
    expect(serviceToken(SERVICE)).toBe('jwt-abc');

    await serviceCall(SERVICE, probe.jwtRead, {});
    expect(new Headers(fetchSpy.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe('Bearer jwt-abc');
  });

  it('marks service calls as service-scoped for their service, so a lost session returns to that service login', async () => {
    respondWith({ status: 403, body: { message: Messages.serviceSessionExpired, error: ErrorCode.serviceSessionRequired } });
    const failure: unknown = await serviceCall(SERVICE, probe.read, {}).catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, call: { serviceScoped: true, serviceId: SERVICE } });
  });

  it('forgets the current service and every held token at sign-out, and nothing else', async () => {
    respondWith({ status: 200, body: session('jwt-abc') });
    await loginToService(new QueryClient(), SERVICE);
    sessionStorage.setItem(CURRENT_SERVICE_KEY, SERVICE);
    sessionStorage.setItem('keydeck.account_slug', 'demo');
    forgetServiceAuthorizations();
    expect(serviceToken(SERVICE)).toBeUndefined();
    expect(currentServiceId()).toBeNull();
    expect(sessionStorage.getItem('keydeck.account_slug')).toBe('demo');
  });

  it('forgets the token and the cached session when the authorization is cleared', async () => {
    const queryClient = new QueryClient();
    respondWith({ status: 200, body: session('jwt-abc') });
    await loginToService(queryClient, SERVICE);
    forgetServiceSession(queryClient, SERVICE);
    expect(serviceToken(SERVICE)).toBeUndefined();
    expect(queryClient.getQueryData(serviceSessionKeys(SERVICE).all)).toBeNull();
  });

  it('reads "no open session" as no session, answered without an error status', async () => {
    respondWith({ status: 200, body: { service_session: null } });
    const queryClient = new QueryClient();
    expect(await queryClient.fetchQuery(serviceSessionQueryOptions(SERVICE))).toBeNull();
  });

  it('asks for the session once for every reader on the page, and slides it on service calls without asking again', async () => {
    const sessionRequests: AbortSignal[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).includes('/service/login/')) sessionRequests.push(init!.signal!);
      const body = String(input).includes('/service/login/') ? session() : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    // A workspace page reads the session from several places: the page, its access and its features.
    const readers = renderHook(() => [useServiceSession(SERVICE), useServiceSession(SERVICE), useServiceSession(SERVICE)], { wrapper });
    await vi.waitFor(() => expect(readers.result.current[0]!.session).not.toBeNull());
    const before = Date.now();
    await act(async () => {
      await Promise.all([1, 2, 3, 4].map(() => serviceCall(SERVICE, probe.read, {})));
    });
    await new Promise((wait) => setTimeout(wait, 50));
    expect(sessionRequests).toHaveLength(1);
    expect(sessionRequests.filter((signal) => signal.aborted)).toEqual([]);
    // The calls slid the idle timeout: the expiry shown is a full timeout from now.
    const expires = new Date(readers.result.current[0]!.session!.expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 600_000);
    expect(expires).toBeLessThan(Date.now() + 601_000);
  });
});

describe('useCurrentService', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );

  it('saves the selection in session storage and tells the server, skipping a service that is already current', async () => {
    const fetchSpy = respondWith({ status: 200, body: { service_id: SERVICE } }, { status: 200, body: { service_id: null } });
    const { result } = renderHook(() => useCurrentService(), { wrapper });
    expect(result.current.serviceId).toBeNull();

    await act(() => result.current.select(SERVICE));
    expect(result.current.serviceId).toBe(SERVICE);
    expect(sessionStorage.getItem(CURRENT_SERVICE_KEY)).toBe(SERVICE);
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ service_id: SERVICE }) });

    await act(() => result.current.select(SERVICE));
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    await act(() => result.current.select(null));
    expect(result.current.serviceId).toBeNull();
    expect(sessionStorage.getItem(CURRENT_SERVICE_KEY)).toBeNull();
    expect(fetchSpy.mock.calls[1]?.[1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ service_id: null }) });
  });
});
