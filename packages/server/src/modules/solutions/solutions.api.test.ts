import { apiPath, ApiPath } from '@keydeck/contract/http';
import { accountSolutionsResponse, onboardingRunResponse, SolutionMessages, solutionResponse, solutionsPage, type OnboardingRun } from '@keydeck/contract/solutions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { Keystore } from '../../platform/keystore.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { runOnboarding } from './solutions.jobs.ts';
import * as solutions from './solutions.service.ts';

let t: TestApp;
let acme: SeededAccount;
let bravo: SeededAccount;
let platform: Visitor;
let customer: Visitor;

const RETAIL = {
  name: 'P2PE for retail',
  description: 'A Cryptoverse service with its key groups and device models',
  services: [
    {
      type: 'cryptoverse',
      name: 'Retail P2PE',
      location: 'eu-central',
      environment: 'production',
      key_groups: [{ name: 'Terminals' }, { name: 'Kiosks', key_retrieval_algorithm: 'static' }],
      device_models: [{ name: 'Ingenico Lane 3000' }, { name: 'Verifone P400' }],
    },
    { type: 'rkms', name: 'Retail RKMS', location: 'eu-central', environment: 'test' },
  ],
};

beforeAll(async () => {
  t = await createTestApp({ SOLUTION_POLL_SECONDS: '1' });
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  bravo = await seedAccount(t.database.db, 'bravo', [{ username: 'bravo-admin', roleNames: [ROLE.admin] }]);
  platform = new Visitor(t.app);
  expect((await platform.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
  customer = new Visitor(t.app);
  expect((await customer.signIn('acme-admin', PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => t.close());

const onboardPath = (accountId: string, solutionId: string) => apiPath(ApiPath.solutionOnboard, { account_id: accountId, solution_id: solutionId });

async function define(body: object = RETAIL) {
  const response = await platform.post(ApiPath.solutions, body);
  expect(response.statusCode, response.body).toBe(201);
  return solutionResponse.parse(response.json()).data;
}

/** Polls the run as the console does, until it is no longer in flight (bounded: 25 s). */
async function finished(accountId: string, runId: string): Promise<OnboardingRun> {
  for (let i = 0; i < 250; i++) {
    const run = onboardingRunResponse.parse((await platform.get(apiPath(ApiPath.solutionRun, { account_id: accountId, run_id: runId }))).json()).data;
    if (run.status === 'succeeded' || run.status === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not finish`);
}

async function onboard(accountId: string, solutionId: string) {
  const response = await platform.post(onboardPath(accountId, solutionId));
  expect(response.statusCode, response.body).toBe(202);
  return finished(accountId, onboardingRunResponse.parse(response.json()).data.id);
}

const countsOf = async (accountId: string) =>
  (
    await queryRows<{ services: number; enabled: number; key_groups: number; device_models: number }>(
      t.database.db,
      sql`select
        (select count(*)::int from services where account_id = ${accountId}) as services,
        (select count(*)::int from services where account_id = ${accountId} and status = 'Enabled') as enabled,
        (select count(*)::int from key_groups where account_id = ${accountId}) as key_groups,
        (select count(*)::int from device_models where account_id = ${accountId}) as device_models`,
    )
  )[0]!;

const auditActions = async (action: string) =>
  queryRows<{ account_id: string | null; target: string | null; outcome: string }>(t.database.db, sql`select account_id, target, outcome from audit_events where action = ${action} order by seq`);

describe('solution definitions', () => {
  it('defines, lists, changes and deletes a solution, audited', async () => {
    const created = await define({ ...RETAIL, name: 'Short-lived' });
    expect(created.services[0]!.key_groups).toEqual([
      { name: 'Terminals', key_retrieval_algorithm: 'static' },
      { name: 'Kiosks', key_retrieval_algorithm: 'static' },
    ]);
    const listed = solutionsPage.parse((await platform.get(`${ApiPath.solutions}?search=short`)).json());
    expect(listed.data.map((s) => s.name)).toEqual(['Short-lived']);

    const path = apiPath(ApiPath.solution, { solution_id: created.id });
    const changed = await platform.call({ method: 'PUT', url: path, payload: { ...RETAIL, name: 'Short-lived 2', services: [RETAIL.services[1]] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(solutionResponse.parse(changed.json()).data.services.map((s) => s.name)).toEqual(['Retail RKMS']);

    expect((await platform.call({ method: 'DELETE', url: path })).statusCode).toBe(200);
    expect((await platform.get(path)).statusCode).toBe(404);
    for (const action of ['solution.create', 'solution.update', 'solution.delete']) {
      expect((await auditActions(action)).map((e) => e.target)).toContain(created.id);
    }
  });

  it('refuses bad input with field errors and creates nothing', async () => {
    const before = solutionsPage.parse((await platform.get(ApiPath.solutions)).json()).total;
    const unknownType = await platform.post(ApiPath.solutions, { ...RETAIL, services: [{ ...RETAIL.services[0], type: 'quantum_toaster' }] });
    expect(unknownType.statusCode).toBe(400);
    expect(Object.keys(unknownType.json().errors)).toContain('services.0.type');

    const twice = await platform.post(ApiPath.solutions, { ...RETAIL, services: [RETAIL.services[1], { ...RETAIL.services[1], name: 'retail rkms' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors['services.1.name']).toEqual([SolutionMessages.serviceNameRepeated('retail rkms')]);

    const dukpt = await platform.post(ApiPath.solutions, {
      ...RETAIL,
      services: [{ ...RETAIL.services[0], key_groups: [{ name: 'BDK group', key_retrieval_algorithm: 'dukpt_aes' }] }],
    });
    expect(dukpt.statusCode).toBe(400);
    expect(dukpt.json().errors['services.0.key_groups.0.key_retrieval_algorithm']).toEqual([SolutionMessages.keyGroupStaticOnly]);

    const nowhere = await platform.post(ApiPath.solutions, { ...RETAIL, services: [{ ...RETAIL.services[1], location: 'atlantis' }] });
    expect(nowhere.statusCode).toBe(400);
    expect(Object.keys(nowhere.json().errors)).toEqual(['services.0.location']);

    expect(solutionsPage.parse((await platform.get(ApiPath.solutions)).json()).total).toBe(before);
    await define({ ...RETAIL, name: 'Taken' });
    const taken = await platform.post(ApiPath.solutions, { ...RETAIL, name: 'TAKEN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.name).toEqual([SolutionMessages.nameTaken('TAKEN')]);
  });

  it('refuses customers: 403 on every solution call', async () => {
    const solution = await define({ ...RETAIL, name: 'Not for customers' });
    expect((await customer.get(ApiPath.solutions)).statusCode).toBe(403);
    expect((await customer.post(ApiPath.solutions, { ...RETAIL, name: 'Mine' })).statusCode).toBe(403);
    expect((await customer.get(apiPath(ApiPath.accountSolutions, { account_id: acme.accountId }))).statusCode).toBe(403);
    expect((await customer.post(onboardPath(acme.accountId, solution.id))).statusCode).toBe(403);
    expect((await queryRows(t.database.db, sql`select 1 from solution_runs where solution_id = ${solution.id}`)).length).toBe(0);
  });
});

describe('onboarding', () => {
  it('creates the services, waits until they are enabled, then their key groups and device models', async () => {
    const solution = await define();
    const run = await onboard(acme.accountId, solution.id);
    expect(run.error).toBeNull();
    expect(run.status).toBe('succeeded');
    expect(run.steps.map((s) => [s.key, s.status])).toEqual([
      ['service:Retail P2PE', 'done'],
      ['enabled:Retail P2PE', 'done'],
      ['key_groups:Retail P2PE', 'done'],
      ['device_models:Retail P2PE', 'done'],
      ['service:Retail RKMS', 'done'],
      ['enabled:Retail RKMS', 'done'],
    ]);
    expect(await countsOf(acme.accountId)).toEqual({ services: 2, enabled: 2, key_groups: 2, device_models: 2 });
    const names = await queryRows<{ name: string }>(
      t.database.db,
      sql`select name from key_groups where account_id = ${acme.accountId} union all select name from device_models where account_id = ${acme.accountId} order by name`,
    );
    expect(names.map((n) => n.name)).toEqual(['Ingenico Lane 3000', 'Kiosks', 'Terminals', 'Verifone P400']);
    const onboards = (await auditActions('solution.onboard')).filter((e) => e.account_id === acme.accountId);
    // The customer's refused attempt is on the account's log too.
    expect(onboards.map((e) => [e.outcome, e.target])).toEqual([
      ['refused', null],
      ['success', solution.id],
    ]);
    expect((await auditActions('solution.onboarded')).filter((e) => e.account_id === acme.accountId).map((e) => e.target)).toEqual([solution.name]);
    expect((await auditActions('key_group.create')).filter((e) => e.account_id === acme.accountId).map((e) => e.target)).toEqual(['Retail P2PE: Terminals, Kiosks']);

    const tab = accountSolutionsResponse.parse((await platform.get(apiPath(ApiPath.accountSolutions, { account_id: acme.accountId }))).json()).data;
    expect(tab.find((s) => s.solution.id === solution.id)!.last_run).toMatchObject({ id: run.id, status: 'succeeded' });
  });

  it('creates nothing twice when run again, and only what is missing', async () => {
    const [solution] = solutionsPage.parse((await platform.get(`${ApiPath.solutions}?search=P2PE for retail`)).json()).data;
    await queryRows(t.database.db, sql`delete from device_models where account_id = ${acme.accountId} and name = 'Verifone P400'`);
    const run = await onboard(acme.accountId, solution!.id);
    expect(run.status).toBe('succeeded');
    expect(run.steps.map((s) => s.detail)).toEqual(['Already there (Enabled)', 'Enabled', 'Created 0, 2 already there', 'Created 1, 1 already there', 'Already there (Enabled)', 'Enabled']);
    expect(await countsOf(acme.accountId)).toEqual({ services: 2, enabled: 2, key_groups: 2, device_models: 2 });
    const provisioned = await queryRows(t.database.db, sql`select 1 from audit_events where action = 'service.provisioned' and account_id = ${acme.accountId}`);
    expect(provisioned.length).toBe(2);
  });

  it('runs one onboarding of a solution per account at a time', async () => {
    const solution = await define({ ...RETAIL, name: 'One at a time', services: [{ ...RETAIL.services[1], name: 'Solo RKMS' }] });
    const first = await platform.post(onboardPath(bravo.accountId, solution.id));
    expect(first.statusCode).toBe(202);
    const second = await platform.post(onboardPath(bravo.accountId, solution.id));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SolutionMessages.onboardingInFlight('One at a time'));
    expect((await finished(bravo.accountId, onboardingRunResponse.parse(first.json()).data.id)).status).toBe('succeeded');
  });

  it('fails with a clear error when the account has a service of that name of another type; Retry goes on once fixed', async () => {
    const charlie = await seedAccount(t.database.db, 'charlie', []);
    const clash = await seedService(t.database.db, charlie.accountId, { name: 'Retail RKMS', type: 'tokenization' });
    const solution = await define({ ...RETAIL, name: 'Clashing', services: [RETAIL.services[1]] });
    const failed = await onboard(charlie.accountId, solution.id);
    expect(failed.status).toBe('failed');
    const reason = SolutionMessages.serviceOfOtherType('Retail RKMS', 'Tokenization');
    expect(failed.error).toBe(SolutionMessages.stepFailed(reason));
    expect(failed.steps[0]).toMatchObject({ status: 'failed', detail: reason });
    expect((await auditActions('solution.onboarding_failed')).filter((e) => e.account_id === charlie.accountId)).toEqual([
      { account_id: charlie.accountId, target: 'Clashing', outcome: 'failure' },
    ]);

    await queryRows(t.database.db, sql`delete from services where id = ${clash.serviceId}`);
    expect((await onboard(charlie.accountId, solution.id)).status).toBe('succeeded');
  });

  it('gives up, with the reason, when a service is not enabled within the configured time', async () => {
    const delta = await seedAccount(t.database.db, 'delta', []);
    await seedService(t.database.db, delta.accountId, { name: 'Stuck', type: 'rkms', status: 'PendingProvisioning' });
    const solution = await define({ ...RETAIL, name: 'Waits', services: [{ ...RETAIL.services[1], name: 'Stuck' }] });
    // The job's own steps, driven here: a queue that keeps what it is sent, and a one-second bound.
    const sent: object[] = [];
    const jobs = { send: async (_tx: unknown, _queue: string, data: object) => void sent.push(data), wake: () => undefined } as unknown as JobQueue;
    const deps = { db: t.database.db, jobs, auditKey: t.app.auditKey, keystore: {} as Keystore, serviceWaitSeconds: 1, pollSeconds: 1 };
    const run = await inScope(t.database.db, SYSTEM_SCOPE, (tx) => solutions.onboard(tx, jobs, delta.accountId, solution.id, 'admin'));

    await runOnboarding(deps, run.id, 'job-1');
    const waiting = await inScope(t.database.db, SYSTEM_SCOPE, (tx) => solutions.getRun(tx, delta.accountId, run.id));
    expect(waiting.status).toBe('running');
    expect(waiting.steps[1]).toMatchObject({ status: 'running', detail: 'Waiting: Pending Provisioning' });
    expect(sent).toEqual([{ runId: run.id }, { runId: run.id }]);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await runOnboarding(deps, run.id, 'job-2');
    const failed = await inScope(t.database.db, SYSTEM_SCOPE, (tx) => solutions.getRun(tx, delta.accountId, run.id));
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(SolutionMessages.stepFailed(SolutionMessages.serviceWaitGaveUp('Stuck', 1)));
  });

  it('leaves other accounts untouched', async () => {
    expect(await countsOf(bravo.accountId)).toEqual({ services: 1, enabled: 1, key_groups: 0, device_models: 0 });
    const bravoRuns = await queryRows<{ account_id: string }>(t.database.db, sql`select account_id from solution_runs where account_id = ${bravo.accountId}`);
    expect(bravoRuns.length).toBe(1);
    const tab = accountSolutionsResponse.parse((await platform.get(apiPath(ApiPath.accountSolutions, { account_id: bravo.accountId }))).json()).data;
    expect(tab.find((s) => s.solution.name === 'P2PE for retail')!.last_run).toBeNull();
    // Another account's run is not found through this account's path.
    const acmeRun = await queryRows<{ id: string }>(t.database.db, sql`select id from solution_runs where account_id = ${acme.accountId} limit 1`);
    expect((await platform.get(apiPath(ApiPath.solutionRun, { account_id: bravo.accountId, run_id: acmeRun[0]!.id }))).statusCode).toBe(404);
  });
});
