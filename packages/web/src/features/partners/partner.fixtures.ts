import type { Partner } from '@keydeck/contract/partners';

export const PARTNER_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** An active partner as the server sends it; a test that needs it with accounts says so. */
export const northwindPartner = (overrides: Partial<Partner> = {}): Partner => ({
  id: PARTNER_ID,
  name: 'Northwind Resale',
  contact_email: 'sales@northwind.example',
  commission_percent: 12.5,
  status: 'active',
  created_at: '2026-11-20T09:30:00.000Z',
  created_by: 'admin',
  account_count: 0,
  revenue: [],
  ...overrides,
});
