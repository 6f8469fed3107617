import { ApiPath } from '@keydeck/contract/http';
import { reportRunsResponse, scheduledReportsResultResponse, type ScheduledReportRunsQuery } from '@keydeck/contract/scheduled-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAdministrator } from '../../../test/fixtures.ts';
import { pagesBackward, pagesForward } from '../../../test/keyset-walk.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MALFORMED_CURSOR } from '../../platform/keyset.ts';

/** A report's run history pages by keyset, newest first: following its cursors shows every run once, in order. */
let t: TestApp;
let admin: Visitor;
const RUNS = 23;

beforeAll(async () => {
  t = await createTestApp();
  const scope = await serviceAdministrator(t);
  admin = scope.admin;
  const platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  const feature = await platform.call({ method: 'PUT', url: `/rest/api/v2/account/${scope.accountId}/feature/`, payload: { feature_name: 'scheduled_reports', feature_value: true } });
  expect(feature.statusCode, feature.body).toBe(200);
  const created = await admin.call({
    method: 'POST',
    url: ApiPath.scheduledReports,
    payload: { reports: [{ name: 'Paged', kind: 'devices', frequency: 'daily', time: '06:00', recipients: ['ops@acme.test'], enabled: false }] },
  });
  expect(created.statusCode, created.body).toBe(200);
  const report = scheduledReportsResultResponse.parse(created.json()).results[0]!.report!;
  // A run a day, and runs 5 to 9 started in the same microsecond: the cursor must still tell them apart by id.
  await t.database.db.execute(sql`insert into report_runs (id, account_id, service_id, report_id, report_name, kind, trigger, scheduled_for, started_at, finished_at, status, rows, bytes, file_name)
    select gen_random_uuid(), ${scope.accountId}, ${scope.serviceId}, ${report.id}, 'Paged', 'devices', 'schedule', s, s, s + interval '2 seconds', 'success', n, 100 + n, 'paged-' || n || '.csv'
    from generate_series(1, ${RUNS}) n, lateral (select case when n between 5 and 9 then timestamptz '2026-01-05 06:00:00.123456+00'
      else timestamptz '2026-01-01 06:00:00+00' + n * interval '1 day' end as s) d`);
});
afterAll(() => t?.close());

type Page = ReturnType<typeof reportRunsResponse.parse>;
const list = async (query: Partial<Record<keyof ScheduledReportRunsQuery, string>>): Promise<Page> => {
  const res = await admin.get(`${ApiPath.scheduledReportRuns}?${new URLSearchParams({ name: 'Paged', limit: '5', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return reportRunsResponse.parse(res.json());
};
const files = (page: Page) => page.runs.map((run) => run.file_name);

describe('report run history by keyset', () => {
  it('pages forward and back by cursor through the same runs, newest first, as one page of them all', async () => {
    const all = files(await list({ limit: '100' }));
    expect(all).toHaveLength(RUNS);
    expect(all[0]).toBe('paged-23.csv');
    const started = (await list({ limit: '100' })).runs.map((run) => run.started_at);
    expect(started).toEqual([...started].sort().reverse());

    const forward = await pagesForward(list, {}, await list({}));
    expect(forward[0]!.prev_cursor).toBeNull();
    expect(forward.map((page) => page.runs.length)).toEqual([5, 5, 5, 5, 3]);
    expect(forward.flatMap(files)).toEqual(all);

    // From the end: the oldest runs first, a full page (the history is not counted), then the newer ones.
    const backward = await pagesBackward(list, {});
    expect(backward[0]!.next_cursor).toBeNull();
    expect(files(backward[0]!)).toEqual(all.slice(RUNS - 5));
    expect(backward.reverse().flatMap(files)).toEqual(all);
  });

  it('refuses a cursor it did not answer, and two directions at once', async () => {
    const bad = await admin.get(`${ApiPath.scheduledReportRuns}?name=Paged&after=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ after: [MALFORMED_CURSOR] });
    const first = await list({});
    const both = await admin.get(`${ApiPath.scheduledReportRuns}?${new URLSearchParams({ name: 'Paged', after: first.next_cursor!, before: first.next_cursor! })}`);
    expect(both.statusCode).toBe(400);
  });
});
