import { describe, expect, it } from 'vitest';
import type { Query } from '@tanstack/react-query';
import type { RunStatus } from '@keydeck/contract/solutions';
import { ACCOUNT_ID, run, solution, SOLUTION_ID } from '../solution.fixtures';
import { accountSolutionsQueryOptions, latestRunQueryOptions, RUN_REFRESH_MS } from './solutions.api';

/** What refetchInterval reads of a query: its data. */
const withData = <T,>(data: T | undefined) => ({ state: { data } }) as unknown as Query<T, Error, T, readonly unknown[]>;

describe('run refresh', () => {
  it('polls a run every 2 s while it is queued or running, and stops once it has finished', () => {
    const interval = latestRunQueryOptions(ACCOUNT_ID, SOLUTION_ID).refetchInterval as (query: unknown) => number | false;
    expect(RUN_REFRESH_MS).toBe(2_000);
    const at = (status: RunStatus) => interval(withData(run({ status })));
    expect([at('queued'), at('running'), at('succeeded'), at('failed')]).toEqual([2_000, 2_000, false, false]);
    expect(interval(withData(null))).toBe(false);
  });

  it('polls the catalogue only while one of its last runs is in flight', () => {
    const interval = accountSolutionsQueryOptions(ACCOUNT_ID).refetchInterval as (query: unknown) => number | false;
    const page = (...statuses: (RunStatus | null)[]) => ({
      data: statuses.map((status) => ({ solution: solution(), last_run: status ? run({ status }) : null })),
      total: statuses.length,
    });
    expect(interval(withData(page('succeeded', 'running')))).toBe(2_000);
    expect(interval(withData(page('succeeded', null, 'failed')))).toBe(false);
  });
});
