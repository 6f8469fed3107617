import type { QueryClient } from '@tanstack/react-query';
import type { SearchResult } from '@keydeck/contract/search';
import { loginToService, serviceSessionQueryOptions } from '../../../lib/service-session';

/** Where an object opens in the console: its service's section for service data, its own page otherwise. */
export function placeOf(result: SearchResult): string {
  switch (result.kind) {
    case 'key':
      return '/home/service/symmetric-keys';
    case 'device':
      return `/home/service/devices?search=${encodeURIComponent(result.label)}`;
    case 'certificate':
      return '/home/service/certificate-management';
    case 'cloud_hsm':
      return `/v2/home/services/cloud-hsm-management/${encodeURIComponent(result.id)}`;
    case 'user':
      return '/v2/home/settings/users';
    case 'account':
      return `/v2/admin/company-management/accounts/${encodeURIComponent(result.id)}`;
  }
}

/** Service data lives in the service workspace, which needs its service current and a session on it. */
export const inWorkspace = (result: SearchResult) => result.kind === 'key' || result.kind === 'device' || result.kind === 'certificate';

/**
 * The services list's flow (spec §4): make the service current, then open a session unless one is live. Answers
 * where to go: the object's place, or the service's login on the dashboard when the session could not be opened.
 */
export async function enterService(queryClient: QueryClient, select: (id: string) => Promise<void>, result: SearchResult): Promise<string> {
  const serviceId = result.service_id!;
  try {
    await select(serviceId);
    const live = await queryClient.fetchQuery(serviceSessionQueryOptions(serviceId));
    if (!live) await loginToService(queryClient, serviceId);
    return placeOf(result);
  } catch {
    return `/home/services/${encodeURIComponent(serviceId)}?action=login`;
  }
}
