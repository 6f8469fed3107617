import { z } from 'zod';
import { deviceModelName } from './devices.ts';
import { pageOf, pagingQuery } from './paging.ts';
import { keyGroupsCreateBody } from './payment-keys.ts';
import { SERVICE_TYPES, serviceRequestBody, type ServiceType } from './services.ts';
import { distinctName } from './names.ts';

/**
 * Solutions (spec §2 accounts/{account_id}/solutions): a packaged set of services, each with its key groups and
 * device models, that a platform administrator defines once and onboards onto an account in one step.
 */
export const SolutionMessages = {
  nameTaken: (name: string) => `A solution named ${name} already exists`,
  chooseType: 'Choose a service type',
  serviceNameRepeated: (name: string) => `The solution already has a service named ${name}`,
  keyGroupRepeated: (name: string) => `The service already has a key group named ${name}`,
  deviceModelRepeated: (name: string) => `The service already has a device model named ${name}`,
  keyGroupStaticOnly: 'Onboarding creates empty key groups: a DUKPT group needs its BDK first, so choose Static here and change it later',
  onboardingInFlight: (solution: string) => `${solution} is already being onboarded onto this account: wait for that run to finish`,
  serviceOfOtherType: (name: string, type: string) => `The account already has a service named ${name} of another type (${type})`,
  serviceNotEnabled: (name: string, status: string) => `The service ${name} is ${status}: it must be enabled first`,
  serviceWaitGaveUp: (name: string, seconds: number) =>
    `The service ${name} was not enabled within ${seconds < 120 ? `${seconds} seconds` : `${Math.round(seconds / 60)} minutes`}; onboarding gave up`,
  serviceGone: (name: string) => `The service ${name} was deleted while onboarding`,
  stepFailed: (detail: string) => `Onboarding failed: ${detail}`,
  started: (solution: string, account: string) => `Onboarding ${solution} onto ${account} started`,
} as const;

export const SOLUTION_SERVICES_MAX = 20;
export const SOLUTION_PARTS_MAX = 100;

/** A key group a solution creates: the key groups' own create row (empty groups, so Static only). */
export const solutionKeyGroup = keyGroupsCreateBody.shape.groups.element.refine((g) => g.key_retrieval_algorithm === 'static', {
  message: SolutionMessages.keyGroupStaticOnly,
  path: ['key_retrieval_algorithm'],
});
export const solutionDeviceModel = z.object({ name: deviceModelName });

/** A service of a solution: what a platform administrator creates for an account, with what it holds. */
export const solutionService = serviceRequestBody.extend({
  type: z.enum(Object.keys(SERVICE_TYPES) as [ServiceType, ...ServiceType[]], SolutionMessages.chooseType),
  key_groups: z.array(solutionKeyGroup).max(SOLUTION_PARTS_MAX).default([]),
  device_models: z.array(solutionDeviceModel).max(SOLUTION_PARTS_MAX).default([]),
});
export type SolutionService = z.infer<typeof solutionService>;

const lower = (s: string) => s.trim().toLowerCase();
/** The index of each name already seen earlier in the list (ignoring case). */
function repeats(names: string[]): number[] {
  const seen = new Set<string>();
  return names.flatMap((name, i) => {
    const key = lower(name);
    const repeated = seen.has(key);
    seen.add(key);
    return repeated ? [i] : [];
  });
}

export const solutionBody = z
  .object({
    name: distinctName(z.string().trim().min(1, 'Enter a name').max(100)),
    description: z.string().trim().max(2000).default(''),
    services: z.array(solutionService).min(1, 'Add at least one service').max(SOLUTION_SERVICES_MAX),
  })
  .superRefine((body, ctx) => {
    for (const i of repeats(body.services.map((s) => s.name))) {
      ctx.addIssue({ code: 'custom', path: ['services', i, 'name'], message: SolutionMessages.serviceNameRepeated(body.services[i]!.name) });
    }
    body.services.forEach((service, s) => {
      for (const i of repeats(service.key_groups.map((g) => g.name))) {
        ctx.addIssue({ code: 'custom', path: ['services', s, 'key_groups', i, 'name'], message: SolutionMessages.keyGroupRepeated(service.key_groups[i]!.name) });
      }
      for (const i of repeats(service.device_models.map((m) => m.name))) {
        ctx.addIssue({ code: 'custom', path: ['services', s, 'device_models', i, 'name'], message: SolutionMessages.deviceModelRepeated(service.device_models[i]!.name) });
      }
    });
  });
export type SolutionBody = z.input<typeof solutionBody>;
export type SolutionFields = z.output<typeof solutionBody>;

export const solution = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  services: z.array(solutionService),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Solution = z.infer<typeof solution>;
export const solutionResponse = z.object({ data: solution });
export const solutionParams = z.object({ solution_id: z.string().uuid() });
export const solutionsQuery = pagingQuery(['name', 'created_at', 'updated_at'], 'name');
export type SolutionsQuery = z.infer<typeof solutionsQuery>;
export const solutionsPage = pageOf(solution);

// ---------------------------------------------------------------- onboarding runs

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS_LABELS: Record<RunStatus, string> = { queued: 'Queued', running: 'Running', succeeded: 'Succeeded', failed: 'Failed' };
/** A run still moving: its page polls it. */
export const runInFlight = (status: RunStatus) => status === 'queued' || status === 'running';

export const STEP_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];
export const STEP_STATUS_LABELS: Record<StepStatus, string> = { pending: 'Pending', running: 'In progress', done: 'Done', failed: 'Failed' };

export const onboardingStep = z.object({
  /** service:<name>, enabled:<name>, key_groups:<name> or device_models:<name>. */
  key: z.string(),
  label: z.string(),
  status: z.enum(STEP_STATUSES),
  detail: z.string().nullable(),
});
export type OnboardingStep = z.infer<typeof onboardingStep>;

export const onboardingRun = z.object({
  id: z.string().uuid(),
  solution_id: z.string().uuid(),
  solution_name: z.string(),
  account_id: z.string().uuid(),
  status: z.enum(RUN_STATUSES),
  steps: z.array(onboardingStep),
  error: z.string().nullable(),
  started_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type OnboardingRun = z.infer<typeof onboardingRun>;
export const onboardingRunResponse = z.object({ data: onboardingRun });
export const onboardingRunParams = z.object({ account_id: z.string().uuid(), run_id: z.string().uuid() });
export const onboardParams = z.object({ account_id: z.string().uuid(), solution_id: z.string().uuid() });
export const accountSolutionsParams = z.object({ account_id: z.string().uuid() });
export const onboardingRunsQuery = pagingQuery(['created_at'], 'created_at').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  solution_id: z.string().uuid().optional(),
});
export const onboardingRunsPage = pageOf(onboardingRun);

/** The catalogue as an account sees it: every solution with this account's last run of it. */
export const accountSolution = z.object({ solution, last_run: onboardingRun.nullable() });
export type AccountSolution = z.infer<typeof accountSolution>;
export const accountSolutionsResponse = z.object({ data: z.array(accountSolution) });
