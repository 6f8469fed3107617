import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import { searchQuery, searchResponse } from './search.ts';

/** The console's global search (the command palette): objects across the services and areas the caller may see. */
export const searchApi = endpoints({ product: 'cryptohub', tag: 'Search' }, {
  search: {
    method: 'GET', path: ApiPath.search, query: searchQuery, responses: { 200: searchResponse },
    summary: 'Search the console',
    description:
      'Finds keys by name or KCV, devices by serial, certificates by subject or SHA-256 fingerprint, cloud HSMs by name or address, users by name or e-mail and (platform administrators) accounts by name or slug; each kind only where the caller may see it, at most limit of each.',
  },
});
