import type { CloudHsmDetail } from '@keydeck/contract/cloud-hsms';
import type { CatalogueBlueprint } from '@keydeck/contract/blueprints';

// Wire objects for this feature's component tests, as the API answers them.

export const ACCOUNT_ID = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
export const SERVICE_ID = '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6';
export const HSM_ID = '5b0e7c1a-2f4d-4a8e-9c61-0d3b2a1f9e77';
export const ZONE_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

export function cloudHsm(overrides: Partial<CloudHsmDetail> = {}): CloudHsmDetail {
  return {
    id: HSM_ID,
    account_id: ACCOUNT_ID,
    service_id: SERVICE_ID,
    name: 'payments-1',
    status: 'Enabled',
    status_label: 'Enabled',
    step: 'enabled',
    step_label: 'Enabled',
    blueprint: { id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', name: 'Standard', model: 'SoftHSM2' },
    zone: { id: ZONE_ID, name: 'fra-a', datacenter_name: 'Frankfurt 1', location: 'Frankfurt' },
    address: '10.20.0.1',
    ports: [
      { port: 2000, purpose: 'pkcs11' },
      { port: 2001, purpose: 'admin' },
    ],
    health_state: 'Healthy',
    failure: null,
    cluster: null,
    created_at: '2026-03-01T10:00:00.000Z',
    provisioned_at: '2026-03-01T10:00:05.000Z',
    deprovisioned_at: null,
    provisioner: { id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a', name: 'builtin-host', state: 'Up', last_heartbeat_at: '2026-03-01T10:05:00.000Z' },
    token_label: 'payments-1',
    token_serial: '8f1a2b3c4d5e6f70',
    connection: {
      module: '/usr/lib/softhsm/libsofthsm2.so',
      environment: { SOFTHSM2_CONF: '/var/lib/keydeck/cloud-hsms/5b0e7c1a/softhsm2.conf' },
      token_label: 'payments-1',
      slot_id: 1234,
      address: '10.20.0.1',
      pkcs11_port: 2000,
    },
    latest_sample: null,
    partitions: 1,
    objects: 0,
    pins_shown: false,
    backup_allowed: true,
    ...overrides,
  };
}

export function blueprint(overrides: Partial<CatalogueBlueprint> = {}): CatalogueBlueprint {
  return {
    id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    name: 'Standard',
    model: 'SoftHSM2',
    partitions: 1,
    ports: 2,
    policies: { fips_mode: false, min_pin_length: 8, backup_allowed: true },
    zones: [{ id: ZONE_ID, name: 'fra-a', datacenter_name: 'Frankfurt 1', location: 'Frankfurt' }],
    ...overrides,
  };
}
