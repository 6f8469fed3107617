import { solutionsApi } from '@keydeck/contract/solutions.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { actorName } from '../../platform/principal.ts';
import { ONBOARDING_QUEUE } from './solutions.jobs.ts';
import * as solutions from './solutions.service.ts';

/**
 * Spec §2 accounts/{account_id}/solutions: platform administrators define solutions (packaged services with their
 * key groups and device models) and onboard one onto an account in one step; a background job does the work and
 * its run records each step, for the console to poll.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;
  const account = (request: FastifyRequest & { params: { account_id: string } }) => targetAccount(principalOf(request), request.params.account_id);

  routes.route({
    ...declared(solutionsApi.listSolutions),
    config: { permission },
    handler: (request) => solutions.listSolutions(request.tx, request.query),
  });

  routes.route({
    ...declared(solutionsApi.createSolution),
    config: { permission },
    audit: { action: 'solution.create', target: ({ body, result }) => ({ id: result?.data.id ?? body.name, name: body.name }) },
    handler: async (request, reply) => {
      const created = await solutions.createSolution(request.tx, request.body);
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(solutionsApi.getSolution),
    config: { permission },
    handler: async (request) => ({ data: await solutions.getSolution(request.tx, request.params.solution_id) }),
  });

  routes.route({
    ...declared(solutionsApi.updateSolution),
    config: { permission },
    audit: { action: 'solution.update', target: ({ params, body }) => ({ id: params.solution_id, name: body.name }) },
    handler: async (request) => ({ data: await solutions.updateSolution(request.tx, request.params.solution_id, request.body) }),
  });

  routes.route({
    ...declared(solutionsApi.deleteSolution),
    config: { permission },
    audit: { action: 'solution.delete', target: ({ params, result }) => ({ id: params.solution_id, name: result?.data.name }) },
    handler: async (request) => ({ data: await solutions.deleteSolution(request.tx, request.params.solution_id) }),
  });

  routes.route({
    ...declared(solutionsApi.listAccountSolutions),
    config: { permission },
    handler: async (request) => ({ data: await solutions.accountSolutions(request.tx, account(request)) }),
  });

  routes.route({
    ...declared(solutionsApi.onboardSolution),
    config: { permission },
    audit: { action: 'solution.onboard', target: ({ params, result }) => ({ id: params.solution_id, name: result?.data.solution_name }), account: namedAccount },
    handler: async (request, reply) => {
      const run = await solutions.onboard(request.tx, deps.jobs, account(request), request.params.solution_id, actorName(principalOf(request)));
      request.afterCommit.push(async () => deps.jobs.wake(ONBOARDING_QUEUE));
      reply.status(202);
      return { data: run };
    },
  });

  routes.route({
    ...declared(solutionsApi.listSolutionRuns),
    config: { permission },
    handler: (request) => solutions.listRuns(request.tx, account(request), request.query),
  });

  routes.route({
    ...declared(solutionsApi.getSolutionRun),
    config: { permission },
    handler: async (request) => ({ data: await solutions.getRun(request.tx, account(request), request.params.run_id) }),
  });
}
