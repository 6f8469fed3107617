import {
  accountSolutionsParams,
  accountSolutionsResponse,
  onboardingRunParams,
  onboardingRunResponse,
  onboardingRunsPage,
  onboardingRunsQuery,
  onboardParams,
  solutionBody,
  solutionParams,
  solutionResponse,
  solutionsPage,
  solutionsQuery,
} from './solutions.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Spec §2 accounts/{account_id}/solutions: solutions (packaged services with their key groups and device models) and onboarding one onto an account. */
export const solutionsApi = endpoints({ product: 'identity', tag: 'Solutions' }, {
  listSolutions: {
    method: 'GET', path: ApiPath.solutions, query: solutionsQuery, responses: { 200: solutionsPage },
    summary: 'List solutions',
    description: 'The solutions platform administrators have defined, each with its services, key groups and device models.',
  },
  createSolution: {
    method: 'POST', path: ApiPath.solutions, body: solutionBody, responses: { 201: solutionResponse },
    summary: 'Define a solution',
    description: 'Defines a solution: its services (type, name, location, environment) and, per service, the key groups and device models onboarding creates. Names are unique ignoring case (409); a repeated service, key group or device model name, an unknown service type, location or environment answers 400.',
  },
  getSolution: {
    method: 'GET', path: ApiPath.solution, params: solutionParams, responses: { 200: solutionResponse },
    summary: 'Get a solution',
    description: 'One solution with its services, key groups and device models.',
  },
  updateSolution: {
    method: 'PUT', path: ApiPath.solution, params: solutionParams, body: solutionBody, responses: { 200: solutionResponse },
    summary: 'Change a solution',
    description: 'Replaces a solution’s name, description and services. Runs already queued keep what they were queued with.',
  },
  deleteSolution: {
    method: 'DELETE', path: ApiPath.solution, params: solutionParams, responses: { 200: solutionResponse },
    summary: 'Delete a solution',
    description: 'Deletes the definition and the records of its onboarding runs; the services it created stay with their accounts.',
  },
  listAccountSolutions: {
    method: 'GET', path: ApiPath.accountSolutions, params: accountSolutionsParams, responses: { 200: accountSolutionsResponse },
    summary: 'List solutions for an account',
    description: 'Every solution with the account’s last onboarding run of it (null when never onboarded).',
  },
  onboardSolution: {
    method: 'POST', path: ApiPath.solutionOnboard, params: onboardParams, responses: { 202: onboardingRunResponse },
    summary: 'Onboard a solution onto an account',
    description: 'Queues a run that creates the solution’s services (straight to provisioning), waits until each is enabled, then creates its key groups and device models. What already exists (by name) is kept, so a new run after a failure creates only what is missing. 409 while a run of the solution is in flight on the account.',
  },
  listSolutionRuns: {
    method: 'GET', path: ApiPath.solutionRuns, params: accountSolutionsParams, query: onboardingRunsQuery, responses: { 200: onboardingRunsPage },
    summary: 'List onboarding runs of an account',
    description: 'The account’s onboarding runs, newest first; solution_id keeps one solution’s.',
  },
  getSolutionRun: {
    method: 'GET', path: ApiPath.solutionRun, params: onboardingRunParams, responses: { 200: onboardingRunResponse },
    summary: 'Get an onboarding run',
    description: 'One run with each step’s status and detail, and the error of a failed run: poll it while it is queued or running.',
  },
});
