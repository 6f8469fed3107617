import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Endpoint, EndpointOutput } from '@keydeck/contract/endpoint';
import { Messages } from '@keydeck/contract/messages';
import { serviceSessionsApi } from '@keydeck/contract/service-sessions.api';
import { currentServiceBody, type ServiceSession } from '@keydeck/contract/services';
import { servicesApi } from '@keydeck/contract/services.api';
import { callApi, downloadApi, type ApiCall } from './api-client';
import { CURRENT_SERVICE_KEY } from './current-service';
import { queryKeys } from './query-keys';
import { showToast } from './toasts';

/**
 * The web side of service authorization (spec §4, §7, §8): the current service, the service session on it,
 * the JWT of use_jwt services, and serviceCall, the one way feature code calls a service's data layer.
 */

// ---- Current service: session storage, told to the server (PUT service/services) ----

const currentServiceListeners = new Set<() => void>();
const subscribeCurrentService = (listener: () => void) => {
  currentServiceListeners.add(listener);
  return () => currentServiceListeners.delete(listener);
};
const readCurrentService = () => sessionStorage.getItem(CURRENT_SERVICE_KEY);

function storeCurrentService(serviceId: string | null): void {
  if (serviceId === null) sessionStorage.removeItem(CURRENT_SERVICE_KEY);
  else sessionStorage.setItem(CURRENT_SERVICE_KEY, serviceId);
  currentServiceListeners.forEach((listener) => listener());
}

/** The current service id from session storage, outside React. */
export function currentServiceId(): string | null {
  return readCurrentService();
}

/** Selecting saves the service as current and tells the server, skipped when it already is; null resets it. */
export function useCurrentService(): { serviceId: string | null; select(id: string | null): Promise<void> } {
  const serviceId = useSyncExternalStore(subscribeCurrentService, readCurrentService, () => null);
  const select = useCallback(async (id: string | null) => {
    if (id === readCurrentService()) return;
    await callApi(servicesApi.selectCurrentService, { body: currentServiceBody.parse({ service_id: id }) });
    storeCurrentService(id);
  }, []);
  return { serviceId, select };
}

// ---- The JWT of a use_jwt service (handed out once, at service login) ----

const tokenKey = (serviceId: string) => `keydeck.service_token.${serviceId}`;

export function serviceToken(serviceId: string): string | undefined {
  return sessionStorage.getItem(tokenKey(serviceId)) ?? undefined;
}

function storeServiceToken(serviceId: string, token: string | undefined): void {
  if (token === undefined) sessionStorage.removeItem(tokenKey(serviceId));
  else sessionStorage.setItem(tokenKey(serviceId), token);
}

/** Sign-out forgets every service authorization of the tab: the current service and all held tokens (spec §4). */
export function forgetServiceAuthorizations(): void {
  const tokens = Object.keys(sessionStorage).filter((key) => key.startsWith(tokenKey('')));
  tokens.forEach((key) => sessionStorage.removeItem(key));
  storeCurrentService(null);
}

// ---- The service session ----

export const serviceSessionKeys = (serviceId: string) => queryKeys('service-session', serviceId);

/** The caller's live session on the service, or null when there is none (GET service/login/{id} answers null). */
export const serviceSessionQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceSessionKeys(serviceId).all,
    queryFn: async ({ signal }): Promise<ServiceSession | null> =>
      (await callApi(serviceSessionsApi.getServiceSession, { params: { service_id: serviceId }, signal })).service_session,
    // Every section of a service reads the session under this one key: asked once, again when the countdown runs
    // out or after a minute, not on every mount. A session ended elsewhere shows as the 403 of a service call.
    staleTime: 60_000,
    meta: { errorContext: 'Could not load the service session' },
  });

// A service call slides the session's idle timeout on the server; listeners slide the cached expiry to match.
const activityListeners = new Set<(serviceId: string) => void>();

/** The session as the server holds it right after a call: a full idle timeout from now. */
const slid = (session: ServiceSession | null | undefined) =>
  session && { ...session, expires_at: new Date(Date.now() + session.idle_timeout_seconds * 1000).toISOString() };

/**
 * The live service session of the service (null when logged out), kept current as service calls slide it. Sliding
 * is done here rather than by asking the server again: a page makes many calls at once, and each asking again
 * (cancelling the last) flooded the network with aborted requests.
 */
export function useServiceSession(serviceId: string | null): { session: ServiceSession | null; isLoading: boolean } {
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    ...serviceSessionQueryOptions(serviceId ?? ''),
    enabled: serviceId !== null,
  });
  useEffect(() => {
    if (serviceId === null) return undefined;
    const onActivity = (active: string) => {
      if (active === serviceId) queryClient.setQueryData<ServiceSession | null>(serviceSessionKeys(serviceId).all, slid);
    };
    activityListeners.add(onActivity);
    return () => {
      activityListeners.delete(onActivity);
    };
  }, [queryClient, serviceId]);
  return { session: serviceId === null ? null : (data ?? null), isLoading: serviceId !== null && isLoading };
}

/**
 * A page that needs the service session: when the session it had is gone on a refetch (ended elsewhere, or idle),
 * the user is told and sent to the service login, as a refused service call does (spec §8), rather than left on a
 * page that silently lost its data.
 */
export function useServiceSessionEndNotice(serviceId: string, session: ServiceSession | null, isLoading: boolean): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const had = useRef(false);
  useEffect(() => {
    if (session) {
      had.current = true;
      return;
    }
    if (isLoading || !had.current) return;
    had.current = false;
    showToast({ color: 'error', message: Messages.serviceSessionExpired });
    forgetServiceSession(queryClient, serviceId);
    void navigate({ href: `/home/services/${encodeURIComponent(serviceId)}?action=login` });
  }, [session, isLoading, serviceId, queryClient, navigate]);
}

/** POST service/login/{id}: opens a service session and keeps a JWT service's token. */
export async function loginToService(queryClient: QueryClient, serviceId: string): Promise<ServiceSession> {
  const { service_session } = await callApi(serviceSessionsApi.serviceLogin, { params: { service_id: serviceId } });
  storeServiceToken(serviceId, service_session.token);
  // The token lives in session storage only, not in the query cache.
  const kept: ServiceSession = { ...service_session, token: undefined };
  queryClient.setQueryData(serviceSessionKeys(serviceId).all, kept);
  return kept;
}

/** DELETE service/login/{id}, then forgets the session here. */
export async function logoutOfService(queryClient: QueryClient, serviceId: string): Promise<void> {
  await callApi(serviceSessionsApi.serviceLogout, { params: { service_id: serviceId } });
  forgetServiceSession(queryClient, serviceId);
}

/** Clears the service authorization held here: the token and the cached session (spec §8, a service 403). */
export function forgetServiceSession(queryClient: QueryClient, serviceId: string): void {
  storeServiceToken(serviceId, undefined);
  queryClient.setQueryData(serviceSessionKeys(serviceId).all, null);
}

type ServiceCall<E extends Endpoint> = Omit<ApiCall<E>, 'serviceScoped' | 'serviceId' | 'bearer'>;

async function inService<T>(serviceId: string, call: (scoped: { serviceScoped: true; serviceId: string; bearer?: string }) => Promise<T>): Promise<T> {
  const result = await call({ serviceScoped: true, serviceId, bearer: serviceToken(serviceId) });
  activityListeners.forEach((listener) => listener(serviceId));
  return result;
}

/**
 * The one way feature code calls a service's data endpoints: service-scoped (a 403 for an expired session
 * sends the user to the service login), with the bearer token when the service uses JWT.
 */
export function serviceCall<E extends Endpoint>(serviceId: string, endpoint: E, call: ServiceCall<E>): Promise<EndpointOutput<E>> {
  return inService(serviceId, (scoped) => callApi(endpoint, { ...call, ...scoped } as ApiCall<E>));
}

/** A file a service data endpoint answers (a list with export=true). */
export function serviceDownload<E extends Endpoint>(serviceId: string, endpoint: E, call: ServiceCall<E>): Promise<string> {
  return inService(serviceId, (scoped) => downloadApi(endpoint, { ...call, ...scoped } as ApiCall<E>));
}
