import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
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
} from '@keydeck/contract/solutions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { actorName } from '../../platform/principal.ts';
import { ONBOARDING_QUEUE } from './solutions.jobs.ts';
import * as solutions from './solutions.service.ts';

const tags = ['Solutions'];

/**
 * Spec §2 accounts/{account_id}/solutions: platform administrators define solutions (packaged services with their
 * key groups and device models) and onboard one onto an account in one step; a background job does the work and
 * its run records each step, for the console to poll.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;
  const account = (request: { principal: Parameters<typeof targetAccount>[0] | null; params: { account_id: string } }) =>
    targetAccount(request.principal!, request.params.account_id);

  routes.get(ApiPath.solutions, {
    schema: {
      operationId: 'listSolutions',
      summary: 'List solutions',
      description: 'The solutions platform administrators have defined, each with its services, key groups and device models.',
      tags,
      querystring: solutionsQuery,
      response: { 200: solutionsPage },
    },
    config: { permission },
    handler: (request) => solutions.listSolutions(request.tx, request.query),
  });

  routes.post(ApiPath.solutions, {
    schema: {
      operationId: 'createSolution',
      summary: 'Define a solution',
      description:
        'Defines a solution: its services (type, name, location, environment) and, per service, the key groups and device models onboarding creates. Names are unique ignoring case (409); a repeated service, key group or device model name, an unknown service type, location or environment answers 400.',
      tags,
      body: solutionBody,
      response: { 201: solutionResponse },
    },
    config: { permission },
    audit: { action: 'solution.create', target: ({ body, result }) => ({ id: result?.data.id ?? body.name, name: body.name }) },
    handler: async (request, reply) => {
      const created = await solutions.createSolution(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.get(ApiPath.solution, {
    schema: {
      operationId: 'getSolution',
      summary: 'Get a solution',
      description: 'One solution with its services, key groups and device models.',
      tags,
      params: solutionParams,
      response: { 200: solutionResponse },
    },
    config: { permission },
    handler: async (request) => ({ data: await solutions.getSolution(request.tx, request.params.solution_id) }),
  });

  routes.put(ApiPath.solution, {
    schema: {
      operationId: 'updateSolution',
      summary: 'Change a solution',
      description: 'Replaces a solution’s name, description and services. Runs already queued keep what they were queued with.',
      tags,
      params: solutionParams,
      body: solutionBody,
      response: { 200: solutionResponse },
    },
    config: { permission },
    audit: { action: 'solution.update', target: ({ params, body }) => ({ id: params.solution_id, name: body.name }) },
    handler: async (request) => ({ data: await solutions.updateSolution(request.tx, request.params.solution_id, request.body) }),
  });

  routes.delete(ApiPath.solution, {
    schema: {
      operationId: 'deleteSolution',
      summary: 'Delete a solution',
      description: 'Deletes the definition and the records of its onboarding runs; the services it created stay with their accounts.',
      tags,
      params: solutionParams,
      response: { 200: solutionResponse },
    },
    config: { permission },
    audit: { action: 'solution.delete', target: ({ params, result }) => ({ id: params.solution_id, name: result?.data.name }) },
    handler: async (request) => ({ data: await solutions.deleteSolution(request.tx, request.params.solution_id) }),
  });

  routes.get(ApiPath.accountSolutions, {
    schema: {
      operationId: 'listAccountSolutions',
      summary: 'List solutions for an account',
      description: 'Every solution with the account’s last onboarding run of it (null when never onboarded).',
      tags,
      params: accountSolutionsParams,
      response: { 200: accountSolutionsResponse },
    },
    config: { permission },
    handler: async (request) => ({ data: await solutions.accountSolutions(request.tx, account(request)) }),
  });

  routes.post(ApiPath.solutionOnboard, {
    schema: {
      operationId: 'onboardSolution',
      summary: 'Onboard a solution onto an account',
      description:
        'Queues a run that creates the solution’s services (straight to provisioning), waits until each is enabled, then creates its key groups and device models. What already exists (by name) is kept, so a new run after a failure creates only what is missing. 409 while a run of the solution is in flight on the account.',
      tags,
      params: onboardParams,
      response: { 202: onboardingRunResponse },
    },
    config: { permission },
    audit: { action: 'solution.onboard', target: ({ params, result }) => ({ id: params.solution_id, name: result?.data.solution_name }), account: namedAccount },
    handler: async (request, reply) => {
      const run = await solutions.onboard(request.tx, deps.jobs, account(request), request.params.solution_id, actorName(request.principal!));
      request.afterCommit.push(async () => deps.jobs.wake(ONBOARDING_QUEUE));
      reply.status(202);
      return { data: run };
    },
  });

  routes.get(ApiPath.solutionRuns, {
    schema: {
      operationId: 'listSolutionRuns',
      summary: 'List onboarding runs of an account',
      description: 'The account’s onboarding runs, newest first; solution_id keeps one solution’s.',
      tags,
      params: accountSolutionsParams,
      querystring: onboardingRunsQuery,
      response: { 200: onboardingRunsPage },
    },
    config: { permission },
    handler: (request) => solutions.listRuns(request.tx, account(request), request.query),
  });

  routes.get(ApiPath.solutionRun, {
    schema: {
      operationId: 'getSolutionRun',
      summary: 'Get an onboarding run',
      description: 'One run with each step’s status and detail, and the error of a failed run: poll it while it is queued or running.',
      tags,
      params: onboardingRunParams,
      response: { 200: onboardingRunResponse },
    },
    config: { permission },
    handler: async (request) => ({ data: await solutions.getRun(request.tx, account(request), request.params.run_id) }),
  });
}
