import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { SearchResult } from '@keydeck/contract/search';
import { placeOf } from '../../features/search/components/open-result';
import { createAppRouter } from '../router';

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b05';
const found = (kind: SearchResult['kind'], label: string): SearchResult => ({
  kind,
  id: 'f7c1b1de-3c55-4a0e-9e4b-5b1c1d2e3f40',
  label,
  detail: '',
  service_id: SERVICE_ID,
  service_name: 'Terminals',
});

/** The list a palette result lands on, as the route table reads the link: its section and its validated search. */
function landing(result: SearchResult) {
  const router = createAppRouter(new QueryClient());
  const location = router.parseLocation(createMemoryHistory({ initialEntries: [placeOf(result)] }).location);
  const matches = router.matchRoutes(location);
  const last = matches.at(-1)!;
  return { path: last.fullPath, search: last.search as { search?: string } };
}

describe('command palette links', () => {
  it.each([
    ['key', 'West key 7', '/home/service/symmetric-keys'],
    ['key', '1234', '/home/service/symmetric-keys'],
    ['certificate', 'CN=terminal-0001.example', '/home/service/certificate-management'],
    ['device', 'LANE-0001', '/home/service/devices'],
    ['device', '20260001', '/home/service/devices'],
  ] as const)('open a %s (%s) on its list searched for it', (kind, label, path) => {
    expect(landing(found(kind, label))).toEqual({ path, search: expect.objectContaining({ search: label }) });
  });
});
