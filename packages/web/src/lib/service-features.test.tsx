import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SERVICE_FEATURE_NAMES, type ServiceFeatureName } from '@keydeck/contract/service-features';
import { useServiceFeatures } from './service-features';
import { serviceSessionKeys } from './service-session';

const SERVICE = { id: '3f0b5c1e-8d2a-4c47-9b61-2f7e7c1d0a11', account_id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d' };
const SESSION = { service_id: SERVICE.id, expires_at: '2030-01-01T00:10:00.000Z', idle_timeout_seconds: 600 };

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The server: the session probe answers the session, the features call what is on. */
function serverOffering(on: ServiceFeatureName[]) {
  const features = { service_id: SERVICE.id, service_type: 'cloud_hsms', features: SERVICE_FEATURE_NAMES.map((name) => ({ feature_name: name, feature_value: on.includes(name) })) };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
    json(String(url).startsWith('/rest/api/v1/service/login/') ? { service_session: SESSION } : features),
  );
}

function wrapperWith(session: typeof SESSION | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(serviceSessionKeys(SERVICE.id).all, session);
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

afterEach(() => vi.restoreAllMocks());

describe('useServiceFeatures', () => {
  it('asks the service once for its account, and says which features are on', async () => {
    const spy = serverOffering(['allowed_addresses', 'scheduled_reports']);
    const wrapper = wrapperWith(SESSION);
    const { result } = renderHook(() => [useServiceFeatures(SERVICE), useServiceFeatures(SERVICE)] as const, { wrapper });
    await waitFor(() => expect(result.current[0].isLoading).toBe(false));
    expect(result.current[0].on('allowed_addresses')).toBe(true);
    expect(result.current[1].on('symmetric_keys')).toBe(false);
    // (A service call also refreshes the session's countdown: those calls are the session's, not features'.)
    const asked = spy.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/rest/api/v1/service/features'));
    expect(asked).toEqual([`/rest/api/v1/service/features?account_id=${SERVICE.account_id}`]);
  });

  it('offers nothing, and asks nothing, without a service session', () => {
    const spy = serverOffering(['symmetric_keys']);
    const { result } = renderHook(() => useServiceFeatures(SERVICE), { wrapper: wrapperWith(null) });
    expect(result.current.on('symmetric_keys')).toBe(false);
    expect(result.current.isLoading).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
