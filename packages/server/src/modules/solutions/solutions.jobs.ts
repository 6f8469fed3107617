import { SERVICE_STATUSES } from '@keydeck/contract/services';
import { SolutionMessages, type SolutionService } from '@keydeck/contract/solutions';
import type { Db, Tx } from '../../db/database.ts';
import type { StoredStep } from '../../db/schema/solutions.ts';
import { writeSystemAuditEvent } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue, QueuePolicy } from '../../platform/job-queue.ts';
import type { Keystore } from '../../platform/keystore.ts';
import type { ServiceAccess } from '../../platform/service-access.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import * as deviceModels from '../devices/device-models.service.ts';
import * as keyGroups from '../payment-keys/key-groups.service.ts';
import * as adminServices from '../services/admin-services.service.ts';
import * as services from '../services/services.service.ts';
import * as repo from './solutions.repository.ts';

export const ONBOARDING_QUEUE = 'solution-onboarding';
/** A run that throws is retried (10, 20, 40 s); the last attempt fails the run with the error. */
export const ONBOARDING_POLICY: QueuePolicy = { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 300 };

type OnboardingJob = { runId: string };
export type OnboardingDeps = {
  db: Db;
  jobs: JobQueue;
  auditKey: Uint8Array;
  keystore: Keystore;
  /** How long a step waits for a new service to be enabled, and how often it looks. */
  serviceWaitSeconds: number;
  pollSeconds: number;
};

/** Queues a run's job in the transaction that created the run (or that leaves it waiting for a later look). */
export function queueOnboarding(jobs: JobQueue, tx: Tx, runId: string, startAfterSeconds?: number): Promise<void> {
  return jobs.send(tx, ONBOARDING_QUEUE, { runId } satisfies OnboardingJob, startAfterSeconds ? { startAfterSeconds } : {});
}

/** Every server process works the onboarding queue; each job is fetched by one of them. */
export function startSolutionOnboarding(deps: OnboardingDeps): Promise<void> {
  return deps.jobs.work<OnboardingJob>(ONBOARDING_QUEUE, ONBOARDING_POLICY, (data, jobId) => runOnboarding(deps, data.runId, jobId));
}

/** What a step did: go on with the next, stop (finished, failed, or another job looks again later). */
type Outcome = 'next' | 'stop';
/** A refusal that ends the run: nothing a retry would change. */
class StepRefused extends Error {}

/** Steps taken at most in one job run: each service has four, with room to spare. */
const MAX_STEPS = 200;

/**
 * One job run of an onboarding: its steps one after another, each in a transaction of its own holding the run's
 * row lock, each re-reading what exists before it creates anything (so a retried, repeated or concurrent job
 * creates nothing twice). A step waiting for a service ends the job and queues another for later.
 */
export async function runOnboarding(deps: OnboardingDeps, runId: string, jobId: string, retryLimit = ONBOARDING_POLICY.retryLimit): Promise<void> {
  for (let i = 0; i < MAX_STEPS; i++) {
    let outcome: Outcome;
    try {
      outcome = await inScope(deps.db, SYSTEM_SCOPE, (tx) => nextStep(tx, deps, runId, jobId));
    } catch (error) {
      if (error instanceof StepRefused || error instanceof AppError) {
        await inScope(deps.db, SYSTEM_SCOPE, (tx) => failRun(tx, deps, runId, describe(error), jobId));
        return;
      }
      await recordAttemptFailure(deps, runId, error, jobId, retryLimit);
      return;
    }
    // Provisioning of a service this step created starts at once in this process.
    adminServices.wakeProvisioning(deps.jobs);
    if (outcome === 'stop') return;
  }
}

async function nextStep(tx: Tx, deps: OnboardingDeps, runId: string, jobId: string): Promise<Outcome> {
  const run = await repo.lockRun(tx, runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return 'stop';
  const index = run.steps.findIndex((s) => s.status !== 'done');
  if (index < 0) {
    await repo.updateRun(tx, run.id, { status: 'succeeded', finishedAt: new Date(), error: null });
    await writeSystemAuditEvent(tx, deps.auditKey, { accountId: run.accountId, action: 'solution.onboarded', target: run.solutionName, jobId });
    return 'stop';
  }
  const step = run.steps[index]!;
  const [kind, ...rest] = step.key.split(':');
  const part = run.services.find((s) => s.name === rest.join(':'));
  if (!part) throw new StepRefused(`Unknown step ${step.key}`);
  const ctx: StepContext = { tx, deps, run, part, jobId };
  const done = (detail: string) => saveStep(tx, run, index, { ...step, status: 'done', detail });
  switch (kind) {
    case 'service':
      await done(await createService(ctx));
      return 'next';
    case 'enabled': {
      const waited = await awaitEnabled(ctx, step);
      if (waited === null) {
        await done('Enabled');
        return 'next';
      }
      await saveStep(tx, run, index, { ...step, status: 'running', detail: waited.detail, since: waited.since });
      await queueOnboarding(deps.jobs, tx, run.id, deps.pollSeconds);
      return 'stop';
    }
    case 'key_groups':
      await done(await createKeyGroups(ctx));
      return 'next';
    case 'device_models':
      await done(await createDeviceModels(ctx));
      return 'next';
    default:
      throw new StepRefused(`Unknown step ${step.key}`);
  }
}

type StepContext = { tx: Tx; deps: OnboardingDeps; run: repo.RunRow; part: SolutionService; jobId: string };

/** Creates the service the way a platform administrator does (straight to provisioning), unless it is there. */
async function createService({ tx, deps, run, part, jobId }: StepContext): Promise<string> {
  const existing = await services.findServiceByName(tx, run.accountId, part.name);
  if (existing) {
    if (existing.type !== part.type) throw new StepRefused(SolutionMessages.serviceOfOtherType(existing.name, existing.type_name));
    return `Already there (${SERVICE_STATUSES[existing.status]})`;
  }
  await adminServices.createServices(tx, deps.jobs, [
    { type: part.type, name: part.name, location: part.location, environment: part.environment, account_id: run.accountId, use_jwt: false },
  ]);
  await writeSystemAuditEvent(tx, deps.auditKey, { accountId: run.accountId, action: 'service.create', target: part.name, jobId });
  return 'Created';
}

/** Null once the service is enabled; else what it waits for. Gives up once it waited longer than the bound. */
async function awaitEnabled({ tx, deps, run, part }: StepContext, step: StoredStep): Promise<{ detail: string; since: string } | null> {
  const service = await enabledOrWaiting(tx, run.accountId, part.name);
  if (service === 'Enabled') return null;
  const since = step.since ?? new Date().toISOString();
  if (Date.now() - Date.parse(since) > deps.serviceWaitSeconds * 1000) {
    throw new StepRefused(SolutionMessages.serviceWaitGaveUp(part.name, deps.serviceWaitSeconds));
  }
  return { detail: `Waiting: ${SERVICE_STATUSES.PendingProvisioning}`, since };
}

/** The service's status when it is enabled or being provisioned; any other state ends the run. */
async function enabledOrWaiting(tx: Tx, accountId: string, name: string): Promise<'Enabled' | 'PendingProvisioning'> {
  const service = await services.findServiceByName(tx, accountId, name);
  if (!service) throw new StepRefused(SolutionMessages.serviceGone(name));
  if (service.status === 'Enabled' || service.status === 'PendingProvisioning') return service.status;
  throw new StepRefused(SolutionMessages.serviceNotEnabled(service.name, SERVICE_STATUSES[service.status]));
}

async function createKeyGroups({ tx, deps, run, part, jobId }: StepContext): Promise<string> {
  const scope = { ...(await dataScope(tx, run.accountId, part.name)), actor: 'system', keystore: deps.keystore, afterCommit: () => undefined };
  const existing = new Set((await keyGroups.list(scope)).groups.map((g) => g.name.toLowerCase()));
  const missing = part.key_groups.filter((g) => !existing.has(g.name.toLowerCase()));
  if (missing.length > 0) {
    await keyGroups.create(scope, missing);
    await writeSystemAuditEvent(tx, deps.auditKey, { accountId: run.accountId, action: 'key_group.create', target: `${part.name}: ${missing.map((g) => g.name).join(', ')}`, jobId });
  }
  return createdText(missing.length, part.key_groups.length);
}

async function createDeviceModels({ tx, deps, run, part, jobId }: StepContext): Promise<string> {
  const scope = await dataScope(tx, run.accountId, part.name);
  const existing = new Set((await deviceModels.list(scope)).data.map((m) => m.name.toLowerCase()));
  const missing = part.device_models.filter((m) => !existing.has(m.name.toLowerCase()));
  for (const model of missing) await deviceModels.create(scope, model.name);
  if (missing.length > 0) {
    await writeSystemAuditEvent(tx, deps.auditKey, { accountId: run.accountId, action: 'device_model.create', target: `${part.name}: ${missing.map((m) => m.name).join(', ')}`, jobId });
  }
  return createdText(missing.length, part.device_models.length);
}

const createdText = (created: number, wanted: number) => (created === wanted ? `Created ${created}` : `Created ${created}, ${wanted - created} already there`);

/**
 * The tenant- and service-scoped context those modules' services take, for the server's own work on the enabled
 * service: no service session or service user stands behind it, and it may do what onboarding does.
 */
async function dataScope(tx: Tx, accountId: string, serviceName: string) {
  const service = await services.findServiceByName(tx, accountId, serviceName);
  if (!service) throw new StepRefused(SolutionMessages.serviceGone(serviceName));
  if (service.status !== 'Enabled') throw new StepRefused(SolutionMessages.serviceNotEnabled(service.name, SERVICE_STATUSES[service.status]));
  const access: ServiceAccess = { serviceId: service.id, serviceName: service.name, serviceSessionId: '', serviceUserId: '', groupName: 'system', permissions: {} };
  return { tx, accountId, access };
}

async function saveStep(tx: Tx, run: repo.RunRow, index: number, step: StoredStep): Promise<void> {
  const steps = run.steps.map((s, i) => (i === index ? step : s));
  run.steps = steps;
  await repo.updateRun(tx, run.id, { status: 'running', steps });
}

/** Ends the run as failed, on its first step not done, with the reason; audited on the account. */
async function failRun(tx: Tx, deps: OnboardingDeps, runId: string, reason: string, jobId: string): Promise<void> {
  const run = await repo.lockRun(tx, runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  const index = run.steps.findIndex((s) => s.status !== 'done');
  const steps = run.steps.map((s, i) => (i === index ? { ...s, status: 'failed' as const, detail: reason } : s));
  await repo.updateRun(tx, run.id, { status: 'failed', steps, error: SolutionMessages.stepFailed(reason), finishedAt: new Date() });
  await writeSystemAuditEvent(tx, deps.auditKey, { accountId: run.accountId, action: 'solution.onboarding_failed', target: run.solutionName, jobId, outcome: 'failure', reason });
}

/** An unexpected error: counted on the run; the queue retries the job, and after its last attempt the run fails. */
async function recordAttemptFailure(deps: OnboardingDeps, runId: string, error: unknown, jobId: string, retryLimit: number): Promise<void> {
  const failures = await inScope(deps.db, SYSTEM_SCOPE, async (tx) => {
    const run = await repo.lockRun(tx, runId);
    if (!run) return 0;
    await repo.updateRun(tx, run.id, { failures: run.failures + 1 });
    return run.failures + 1;
  });
  if (failures <= retryLimit) throw error;
  await inScope(deps.db, SYSTEM_SCOPE, (tx) => failRun(tx, deps, runId, describe(error), jobId));
}

/** A reason a person can read: a refusal's field messages, else the error's message (never a query's parameters). */
function describe(error: unknown): string {
  if (error instanceof AppError && error.options.errors) return Object.values(error.options.errors).flat().join('; ');
  if (error instanceof AppError || error instanceof StepRefused) return error.message;
  return 'An unexpected error occurred; see the server log';
}
