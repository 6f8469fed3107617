import { approvalsApi } from '@keydeck/contract/approvals.api';
import { APPROVAL_OPERATIONS } from '@keydeck/contract/approvals';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as approvals from './approvals.service.ts';

const caller = (request: FastifyRequest) => ({ tx: request.tx, principal: principalOf(request) });
const named = ({ result, params }: AuditInput<{ request_id: string }, unknown, unknown, { label: string; requested_by: string } | undefined>) =>
  result ? `${result.label}, asked by ${result.requested_by} (request ${params.request_id})` : `request ${params.request_id}`;

/**
 * Approval policies of the caller's account (company settings) and the requests waiting for approvers: any signed-in
 * user lists what they may decide and what they asked for; whether they may decide is the service's rule (the
 * policy's role, never the requester, once each).
 */
export function register(app: FastifyInstance, _deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    ...declared(approvalsApi.listApprovalPolicies),
    config: { permission: Permission.companyRead },
    handler: (request) => approvals.policies(caller(request)),
  });
  routes.route({
    ...declared(approvalsApi.setApprovalPolicy),
    config: { permission: Permission.companyManage },
    audit: {
      action: 'approval.policy_update',
      target: ({ body, result }) => {
        const policy = result?.policies.find((p) => p.operation === body.operation);
        const label = APPROVAL_OPERATIONS[body.operation];
        return policy ? `${label}: ${policy.enabled ? `${policy.required_approvals} approvals by ${policy.approver_role.name}, within ${policy.wait_hours} h` : 'off'}` : label;
      },
    },
    handler: (request) => approvals.setPolicy(caller(request), request.body),
  });
  routes.route({
    ...declared(approvalsApi.listApprovalRequests),
    config: { signedIn: true },
    handler: (request) => approvals.list(caller(request), request.query.box),
  });
  routes.route({
    ...declared(approvalsApi.getApprovalRequest),
    config: { signedIn: true },
    handler: (request) => approvals.get(caller(request), request.params.request_id),
  });
  routes.route({
    ...declared(approvalsApi.approveRequest),
    config: { signedIn: true },
    audit: { action: 'approval.approve', target: named, reason: ({ result }) => (result ? `${result.approvals} of ${result.required_approvals} approvals` : undefined) },
    handler: (request) => approvals.decide(caller(request), request.params.request_id, 'approve', request.body.reason ?? null),
  });
  routes.route({
    ...declared(approvalsApi.denyRequest),
    config: { signedIn: true },
    audit: { action: 'approval.deny', target: named, reason: ({ body }) => body.reason },
    handler: (request) => approvals.decide(caller(request), request.params.request_id, 'deny', request.body.reason),
  });
  routes.route({
    ...declared(approvalsApi.cancelApprovalRequest),
    config: { signedIn: true },
    audit: { action: 'approval.cancel', target: named },
    handler: (request) => approvals.cancel(caller(request), request.params.request_id),
  });
}
