import type { OnboardingRun, Solution } from '@keydeck/contract/solutions';

export const ACCOUNT_ID = '0f6f1c3e-8a2b-4d5c-9e7f-112233445566';
export const SOLUTION_ID = '7b1d2e3f-4a5b-4c6d-8e9f-aabbccddeeff';
export const PLACEMENTS = { service_locations: [{ id: 'eu-central', name: 'EU Central (Frankfurt)' }], environments: ['production', 'test'] };

export const solution = (overrides: Partial<Solution> = {}): Solution => ({
  id: SOLUTION_ID,
  name: 'P2PE for retail',
  description: 'Cryptoverse with its key groups and device models',
  services: [
    {
      type: 'cryptoverse',
      name: 'Retail P2PE',
      location: 'eu-central',
      environment: 'production',
      key_groups: [{ name: 'Terminals', key_retrieval_algorithm: 'static' }],
      device_models: [{ name: 'Verifone P400' }],
    },
  ],
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const run = (overrides: Partial<OnboardingRun> = {}): OnboardingRun => ({
  id: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  solution_id: SOLUTION_ID,
  solution_name: 'P2PE for retail',
  account_id: ACCOUNT_ID,
  status: 'running',
  steps: [
    { key: 'service:Retail P2PE', label: 'Create the Cryptoverse service Retail P2PE', status: 'done', detail: 'Created' },
    { key: 'enabled:Retail P2PE', label: 'Wait until Retail P2PE is enabled', status: 'running', detail: 'Waiting: Pending Provisioning' },
    { key: 'key_groups:Retail P2PE', label: 'Create 1 key group in Retail P2PE', status: 'pending', detail: null },
  ],
  error: null,
  started_by: 'admin',
  created_at: '2026-11-25T01:00:00.000Z',
  finished_at: null,
  ...overrides,
});
