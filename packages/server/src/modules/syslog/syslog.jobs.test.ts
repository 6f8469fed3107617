import { describe, expect, it } from 'vitest';
import { retryDelay } from './syslog.jobs.ts';

describe('delivery back-off', () => {
  it('doubles from the base after each failure in a row and stops at the cap', () => {
    const options = { retryBaseMs: 500, retryMaxMs: 60_000 };
    expect([1, 2, 3, 4, 7, 8, 50, 10_000].map((n) => retryDelay(n, options))).toEqual([500, 1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000]);
  });
});
