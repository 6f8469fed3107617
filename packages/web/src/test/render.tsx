import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AuthInfo } from '@keydeck/contract/auth';
import type { Service } from '@keydeck/contract/services';
import { sessionKeys } from '../lib/session';

/** A signed-in user of the demo company holding these permissions. */
export function sessionWith(permissions: string[]): AuthInfo {
  return {
    user: { name: 'Ada Admin', email: 'ada@example.com', account_id: 'a1', mfa_enforced: false },
    company: { id: 'a1', name: 'Demo Company', api_name: 'demo', account_slug: 'demo' },
    permissions,
    permissible_services: [],
    fully_logged_in: true,
    next_factor: null,
    mfa_enabled: false,
  };
}

/** Renders inside Mantine and a fresh query client that already knows the session (no session probe). */
export function renderWithSession(ui: ReactNode, session: AuthInfo) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionKeys.all, session);
  return { queryClient, ...render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  ) };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An enabled service of the demo company (Remote Key Management unless told), for a workspace section's tests. */
export function enabledService(id: string, overrides: Partial<Service> = {}): Service {
  return {
    id,
    account_id: 'a1',
    type: 'rkms',
    type_name: 'Remote Key Management',
    name: 'Terminals',
    status: 'Enabled',
    location: 'eu-central',
    environment: 'production',
    use_jwt: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The server's answer to a service log-in: a service session that outlasts the test. */
export function serviceLoginResponse(serviceId: string): Response {
  return jsonResponse(200, { service_session: { service_id: serviceId, expires_at: '2099-01-01T00:00:00.000Z', idle_timeout_seconds: 600 } });
}

/** The signed-in user's group on the service (group Ops, user op), holding these section permissions. */
export function serviceGroupResponse(permissions: Record<string, string>): Response {
  return jsonResponse(200, { user_names: [], all_groups: ['Ops'], permissions, sections: [], group_name: 'Ops', user_name: 'op' });
}
