import type { QueryClient } from '@tanstack/react-query';
import { defaultStringifySearch } from '@tanstack/react-router';
import type { SearchResult } from '@keydeck/contract/search';
import { loginToService, serviceSessionQueryOptions } from '../../../lib/service-session';

/** A list's search for the object, as the router writes it: a name like 1234 stays text, not a number the list drops. */
const searchedFor = (result: SearchResult) => defaultStringifySearch({ search: result.label });

/**
 * Where an object opens in the console: its own page, or for service data its service's section with the list
 * searched for it (keys by name, certificates by subject).
 */
export function placeOf(result: SearchResult): string {
  switch (result.kind) {
    case 'key':
      return `/home/service/symmetric-keys${searchedFor(result)}`;
    case 'device':
      return `/home/service/devices${searchedFor(result)}`;
    case 'certificate':
      return `/home/service/certificate-management${searchedFor(result)}`;
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
