import type { KeyGroup, SymmetricKey } from '@keydeck/contract/payment-keys';

/** An active TDES double-length KEK generated in software, as the key list sends it; a test names what differs. */
export const symmetricKey = (overrides: Partial<SymmetricKey> = {}): SymmetricKey => ({
  id: 'k1',
  name: 'KEK 1',
  group: 'Acquirer',
  algorithm: 'TDES_2KEY',
  usage: 'K0',
  mode_of_use: 'B',
  exportability: 'E',
  version: '00',
  state: 'active',
  kcv: '08D7B4',
  kcv_method: 'tdes',
  origin: 'generated',
  keystore: 'software',
  assignments: 0,
  created_at: '2026-03-01T00:00:00.000Z',
  rotated_at: null,
  ...overrides,
});

/** An empty key group handing out a static key, with no BDK. */
export const keyGroup = (name: string, overrides: Partial<KeyGroup> = {}): KeyGroup => ({
  name,
  key_retrieval_algorithm: 'static',
  key_count: 0,
  bdk: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
