import { describe, expect, it } from 'vitest';
import { formatPercent, utilisationColor } from './infrastructure-cells';

describe('utilisation', () => {
  it('turns orange from 75 % and red from 90 %', () => {
    expect([0, 74.99, 75, 89.99, 90, 100].map(utilisationColor)).toEqual(['success', 'success', 'warning', 'warning', 'error', 'error']);
  });

  it('shows at most two decimals and none when whole', () => {
    expect([0, 0.4, 12, 99.987].map(formatPercent)).toEqual(['0 %', '0.4 %', '12 %', '99.99 %']);
  });
});
