import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLE, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { start } from '../../start.ts';
import { setFeature } from '../features/features.service.ts';
import { RUN_QUEUE } from './scheduled-reports.service.ts';

// Two server processes on one database: PostgreSQL only (vitest.config.ts keeps this file out of the PGlite project).
if (!inject('postgresUrl')) throw new Error('scheduled-reports.postgres.api.test.ts needs the test PostgreSQL');

const REPORTS = 25;

let smtp: SmtpReceiver;
let first: TestApp;
let second: Awaited<ReturnType<typeof start>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  first = await createTestApp({ SMTP_URL: smtp.url });
  // A second server on the same DATABASE_URL: its own pool, job queue worker and scheduler, which looks every 50 ms.
  second = await start(first.config, { inMemory: true, jobQueue: { pollingIntervalSeconds: 0.5 }, scheduledReports: { intervalMs: 50 } });
});
afterAll(async () => {
  await second?.app.close();
  await first?.close();
  await smtp?.close();
});

describe('the report scheduler with two server processes', () => {
  it('queues and runs each due report exactly once, and moves every one on to its next time', async () => {
    const acme = await seedAccount(first.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
    const { serviceId } = await seedService(first.database.db, acme.accountId, { name: 'Acme payments', type: 'rkms' });
    await inScope(first.database.db, SYSTEM_SCOPE, async (tx) => {
      await setFeature(tx, acme.accountId, 'scheduled_reports', true);
      for (let i = 0; i < REPORTS; i++) {
        await tx.execute(sql`insert into scheduled_reports (account_id, service_id, name, kind, frequency, time, recipients, next_run_at, created_by)
          values (${acme.accountId}, ${serviceId}, ${`Report ${i}`}, 'devices', 'daily', '06:00', ${JSON.stringify([`r${i}@acme.test`])}::jsonb,
                  now() - make_interval(mins => ${i + 1}), 'acme-admin')`);
      }
    });

    // Both processes look at once, over and over, while the second one's own timer looks too.
    for (let round = 0; round < 5; round++) {
      await Promise.all([first.scheduledReports.tick(), second.scheduledReports.tick(), first.scheduledReports.tick()]);
    }
    const finished = async () => (await queryRows<{ n: number }>(first.database.db, sql`select count(*)::int as n from report_runs`))[0]!.n;
    for (let i = 0; i < 300 && (await finished()) < REPORTS; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    // Time for any duplicate to show up.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const perReport = await queryRows<{ name: string; runs: number; status: string; trigger: string }>(
      first.database.db,
      sql`select r.name, count(x.id)::int as runs, min(x.status) as status, min(x.trigger) as trigger
          from scheduled_reports r left join report_runs x on x.report_id = r.id group by r.name order by r.name`,
    );
    expect(perReport).toHaveLength(REPORTS);
    expect(perReport.filter((r) => r.runs !== 1)).toEqual([]);
    expect(new Set(perReport.map((r) => `${r.status} ${r.trigger}`))).toEqual(new Set(['success schedule']));

    const jobs = await queryRows<{ state: string; n: number }>(
      first.database.db,
      sql`select state, count(*)::int as n from pgboss.job where name = ${RUN_QUEUE} group by state`,
    );
    expect(jobs).toEqual([{ state: 'completed', n: REPORTS }]);
    expect(smtp.messages).toHaveLength(REPORTS);
    expect(new Set(smtp.messages.flatMap((m) => m.to)).size).toBe(REPORTS);

    // Each moved on to tomorrow's 06:00 (UTC), or today's if it is not 06:00 yet.
    const next = await queryRows<{ next_run_at: string }>(first.database.db, sql`select distinct next_run_at::text from scheduled_reports`);
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.next_run_at).getTime()).toBeGreaterThan(Date.now());
    const events = await queryRows<{ n: number }>(
      first.database.db,
      sql`select count(*)::int as n from audit_events where account_id = ${acme.accountId} and action = 'scheduled_report.delivered' and actor_username = 'system'`,
    );
    expect(events[0]!.n).toBe(REPORTS);
  });
});
