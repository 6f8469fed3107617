import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

let t: TestApp;
let survivor: JobQueue;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await survivor?.stop();
  await t.close();
});

/** The database as a process sees it that vanishes at `gone`: from then on none of its queries reach the database. */
function vanishingProcessDatabase(real: Database) {
  const state = { gone: false };
  const database = Object.assign(Object.create(real) as Database, {
    executeSql: (text: string, values?: unknown[]) => (state.gone ? new Promise<never>(() => undefined) : real.executeSql(text, values)),
  });
  return { database, state };
}

describe('a job whose process is gone', () => {
  it('is resumed by another process within its lease and the maintenance interval, not after its step\'s whole expiry', async () => {
    const queue = 'test-lease';
    // The step may take ten minutes; the lease is 3 s, renewed every second while the process lives.
    const policy = { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 600 };
    const options = { pollingIntervalSeconds: 0.5, leaseSeconds: 3, maintenanceIntervalSeconds: 1 };
    const first = vanishingProcessDatabase(t.database);
    const doomed = createJobQueue(first.database, options);
    await doomed.start(t.app.log);
    const started: string[] = [];
    let startedOnce!: () => void;
    const firstStarted = new Promise<void>((resolve) => (startedOnce = resolve));
    // Registered (the queue made) before the job is sent: pg-boss drops a job sent to a queue that does not exist.
    await doomed.work<{ n: number }>(queue, policy, async (_data, jobId) => {
      started.push(`first:${jobId}`);
      startedOnce();
      // Runs longer than the lease: renewals keep it until the process vanishes.
      await new Promise(() => undefined);
    });
    await t.database.db.transaction((tx) => doomed.send(tx, queue, { n: 1 }));
    doomed.wake(queue);
    await firstStarted;
    // Still running after two leases: its process renews it.
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(started).toHaveLength(1);

    first.state.gone = true;
    const goneAt = Date.now();
    survivor = createJobQueue(t.database, options);
    await survivor.start(t.app.log);
    let resume!: (jobId: string) => void;
    const resumed = new Promise<string>((resolve) => (resume = resolve));
    await survivor.work<{ n: number }>(queue, policy, async (_data, jobId) => resume(jobId));
    const jobId = await resumed;
    expect(`first:${jobId}`).toBe(started[0]);
    // Lease (3 s) + maintenance (1 s) + retry delay (1 s) + polling, with room for a slow machine; not 600 s.
    expect(Date.now() - goneAt).toBeLessThan(20_000);
  }, 60_000);
});
