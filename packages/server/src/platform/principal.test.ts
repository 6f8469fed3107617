import { ALL_PERMISSIONS } from '@keydeck/contract/permissions';
import { describe, expect, it } from 'vitest';
import { effectivePermissions } from './principal.ts';

describe('effective permissions', () => {
  it('gives a platform administrator every permission', () => {
    expect(effectivePermissions(true, [])).toEqual([...ALL_PERMISSIONS]);
  });

  it('gives everyone else the union of their roles, without duplicates or unknown names', () => {
    expect(effectivePermissions(false, ['users:read', 'audit:read', 'users:read', 'made:up'])).toEqual(['audit:read', 'users:read']);
    expect(effectivePermissions(false, [])).toEqual([]);
  });
});
