import { vi } from 'vitest';
import type { KeyCeremony, KeyComponentExport, KeyCustodiansResponse } from '@keydeck/contract/key-ceremonies';
import { keyCeremoniesApi } from '@keydeck/contract/key-ceremonies.api';
import type { SymmetricKey } from '@keydeck/contract/payment-keys';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { enabledService, jsonResponse, renderWithSession, sessionWith } from '../../test/render';
import { KeyCeremoniesSection } from './components/key-ceremonies-section';

// The key ceremonies section's tests: a service's server answering the custodians, the ceremonies, the component
// exports and the symmetric keys, and what the test sends.

export const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7c28';
export const CAROL = '11111111-1111-4111-8111-111111111111';
export const DAVE = '22222222-2222-4222-8222-222222222222';
export const CEREMONY_ID = '33333333-3333-4333-8333-333333333333';
export const COMPONENT = '0123456789ABCDEFFEDCBA9876543210';

export const custodians: KeyCustodiansResponse = {
  custodians: [{ user_id: CAROL, username: 'carol', designated_by: 'ada', designated_at: '2026-11-01T09:00:00.000Z' }],
  candidates: [
    { user_id: CAROL, username: 'carol' },
    { user_id: DAVE, username: 'dave' },
  ],
  policy: { opener_may_be_custodian: false, single_operator_entry: false },
};

/** An open ceremony's or export's record fields: opened by ada, expiring a day later. */
export const openedByAda = {
  opened_by: 'ada',
  state: 'open',
  created_at: '2026-11-28T09:00:00.000Z',
  expires_at: '2026-11-29T09:00:00.000Z',
  ended_at: null,
  ended_reason: null,
} as const;

/** An active TDES double-length key, as the symmetric keys' list sends it. */
export const activeKey = (name: string, exportability: SymmetricKey['exportability']): SymmetricKey => ({
  id: name,
  name,
  group: 'Acquirer',
  algorithm: 'TDES_2KEY',
  usage: 'K0',
  mode_of_use: 'B',
  exportability,
  version: '00',
  state: 'active',
  kcv: '08D7B4',
  kcv_method: 'tdes',
  origin: 'generated',
  keystore: 'software',
  assignments: 0,
  created_at: '2026-03-01T00:00:00.000Z',
  rotated_at: null,
});

type Answer = (body: unknown) => Response;

/** What the server lists: the ceremonies, the component exports, the service's symmetric keys. */
interface Lists {
  ceremonies?: KeyCeremony[];
  exports?: KeyComponentExport[];
  keys?: SymmetricKey[];
}

/** The service's server: the key custodians, the lists, and answers to what the test sends. */
export function server({ ceremonies = [], exports = [], keys = [] }: Lists, answers: Record<string, Answer> = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.includes('/service/login/')) {
      return jsonResponse(200, { service_session: { service_id: SERVICE_ID, expires_at: '2099-01-01T00:00:00.000Z', idle_timeout_seconds: 600 } });
    }
    if (url.includes('/service_user_group/current')) {
      return jsonResponse(200, { user_names: [], all_groups: ['Ops'], permissions: { Key: 'Modify', User: 'Modify' }, sections: [], group_name: 'Ops', user_name: 'carol' });
    }
    const answer = answers[`${method} ${url.replace(/\?.*$/, '')}`];
    if (answer) return answer(body);
    if (url.startsWith(keyCeremoniesApi.getKeyCustodians.path)) return jsonResponse(200, custodians);
    if (url.startsWith(paymentKeysApi.listKeyGroups.path)) {
      return jsonResponse(200, { groups: [{ name: 'Acquirer', key_retrieval_algorithm: 'static', key_count: 0, bdk: null, created_at: '2026-01-01T00:00:00.000Z' }] });
    }
    if (method === 'GET' && url.startsWith(keyCeremoniesApi.listKeyCeremonies.path)) return jsonResponse(200, { data: ceremonies });
    if (method === 'GET' && url.startsWith(keyCeremoniesApi.listKeyComponentExports.path)) return jsonResponse(200, { data: exports });
    if (method === 'GET' && url.startsWith(paymentKeysApi.listSymmetricKeys.path)) return jsonResponse(200, { data: keys, total: keys.length, total_capped: false, next_cursor: null, prev_cursor: null });
    throw new Error(`unexpected ${method} ${url}`);
  });
}

/** The bodies the test sent with this method to this path. */
export const sent = (spy: ReturnType<typeof server>, method: string, path: string) =>
  spy.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(path)).map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

export const render = () => renderWithSession(<KeyCeremoniesSection service={enabledService(SERVICE_ID)} />, sessionWith([]));
