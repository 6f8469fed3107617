import { serviceTypeName } from '@keydeck/contract/services';
import {
  SolutionMessages,
  type AccountSolution,
  type OnboardingRun,
  type OnboardingStep,
  type Solution,
  type SolutionFields,
  type SolutionService,
  type SolutionsQuery,
} from '@keydeck/contract/solutions';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as services from '../services/services.service.ts';
import { queueOnboarding } from './solutions.jobs.ts';
import * as repo from './solutions.repository.ts';

export async function listSolutions(tx: Tx, query: SolutionsQuery) {
  const { rows, total } = await repo.listSolutions(tx, query);
  return { data: rows.map(toWire), total };
}

export async function getSolution(tx: Tx, id: string): Promise<Solution> {
  return toWire(await find(tx, id));
}

export async function createSolution(tx: Tx, fields: SolutionFields): Promise<Solution> {
  await assertDefinable(tx, fields);
  return toWire(await repo.insertSolution(tx, { name: fields.name, description: fields.description, services: fields.services }));
}

/** Runs already queued keep the services they were queued with; the next onboarding takes the new ones. */
export async function updateSolution(tx: Tx, id: string, fields: SolutionFields): Promise<Solution> {
  await find(tx, id);
  await assertDefinable(tx, fields, id);
  return toWire((await repo.updateSolution(tx, id, { name: fields.name, description: fields.description, services: fields.services }))!);
}

/** Deletes the definition and its runs' records; what onboarding created on accounts stays theirs. */
export async function deleteSolution(tx: Tx, id: string): Promise<Solution> {
  const row = await repo.deleteSolution(tx, id);
  if (!row) throw notFound();
  return toWire(row);
}

/** Every solution with the account's last run of it: the account's solutions tab. */
export async function accountSolutions(tx: Tx, accountId: string): Promise<AccountSolution[]> {
  await accounts.findAccount(tx, accountId);
  const last = new Map((await repo.lastRuns(tx, accountId)).map((r) => [r.solutionId, r]));
  return (await repo.allSolutions(tx)).map((s) => ({ solution: toWire(s), last_run: last.has(s.id) ? runToWire(last.get(s.id)!) : null }));
}

/**
 * Queues the onboarding of a solution onto an account, in the request's transaction: the run and its job commit
 * together. One run of a solution per account at a time (409 while one is in flight); a new run after a failed or
 * finished one creates only what is missing.
 */
export async function onboard(tx: Tx, jobs: JobQueue, accountId: string, solutionId: string, startedBy: string): Promise<OnboardingRun> {
  await accounts.findAccount(tx, accountId);
  const solution = await find(tx, solutionId);
  if (await repo.runInFlight(tx, solutionId, accountId)) throw conflict('onboarding_in_flight', SolutionMessages.onboardingInFlight(solution.name));
  const id = await repo.insertRun(tx, { solutionId, accountId, services: solution.services, steps: stepsOf(solution.services), startedBy });
  await queueOnboarding(jobs, tx, id);
  return runToWire((await repo.findRun(tx, id))!);
}

export async function listRuns(tx: Tx, accountId: string, query: Parameters<typeof repo.listRuns>[2]) {
  await accounts.findAccount(tx, accountId);
  const { rows, total } = await repo.listRuns(tx, accountId, query);
  return { data: rows.map(runToWire), total };
}

export async function getRun(tx: Tx, accountId: string, runId: string): Promise<OnboardingRun> {
  const run = await repo.findRun(tx, runId, accountId);
  if (!run) throw notFound();
  return runToWire(run);
}

/** The steps of an onboarding, in order: each service, then its key groups and device models once it is enabled. */
export function stepsOf(parts: SolutionService[]): OnboardingStep[] {
  return parts.flatMap((s) => {
    const step = (key: string, label: string): OnboardingStep => ({ key: `${key}:${s.name}`, label, status: 'pending', detail: null });
    return [
      step('service', `Create the ${serviceTypeName(s.type)} service ${s.name}`),
      step('enabled', `Wait until ${s.name} is enabled`),
      ...(s.key_groups.length > 0 ? [step('key_groups', `Create ${count(s.key_groups.length, 'key group')} in ${s.name}`)] : []),
      ...(s.device_models.length > 0 ? [step('device_models', `Create ${count(s.device_models.length, 'device model')} in ${s.name}`)] : []),
    ];
  });
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

async function find(tx: Tx, id: string) {
  const row = await repo.findSolution(tx, id);
  if (!row) throw notFound();
  return row;
}

/** The name is free and every service's location and environment are ones the platform offers. */
async function assertDefinable(tx: Tx, fields: SolutionFields, exceptId?: string): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [i, service] of fields.services.entries()) Object.assign(errors, await services.placementErrors(tx, service, `services.${i}.`));
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  if (await repo.nameTaken(tx, fields.name, exceptId)) {
    const message = SolutionMessages.nameTaken(fields.name);
    throw conflict('name_taken', message, { name: [message] });
  }
}

function toWire(row: repo.SolutionRow): Solution {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    services: row.services,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function runToWire(row: repo.RunRow): OnboardingRun {
  return {
    id: row.id,
    solution_id: row.solutionId,
    solution_name: row.solutionName,
    account_id: row.accountId,
    status: row.status,
    steps: row.steps.map(({ key, label, status, detail }) => ({ key, label, status, detail })),
    error: row.error,
    started_by: row.startedBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
