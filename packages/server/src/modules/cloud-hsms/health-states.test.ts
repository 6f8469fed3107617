import { describe, expect, it } from 'vitest';
import { healthState } from './health-states.ts';

describe('an HSM’s health state', () => {
  it('is Unreachable when its provisioner is down, whatever the last sample said', () => {
    expect(healthState('Enabled', false, { reachable: true })).toBe('Unreachable');
    expect(healthState('Enabled', false, null)).toBe('Unreachable');
  });

  it('follows the last sample while the provisioner is up, Unknown before the first', () => {
    expect(healthState('Enabled', true, null)).toBe('Unknown');
    expect(healthState('Enabled', true, { reachable: true })).toBe('Healthy');
    expect(healthState('Enabled', true, { reachable: false })).toBe('Unreachable');
  });

  it('says nothing of a Deprovisioned HSM', () => {
    expect(healthState('Deprovisioned', false, { reachable: true })).toBe('Unknown');
  });
});
