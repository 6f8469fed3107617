import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { approvalPolicyUpdate, approvalRequestsQuery } from '@keydeck/contract/approvals';
import { approvalsApi } from '@keydeck/contract/approvals.api';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import { rolesApi } from '@keydeck/contract/roles.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every approvals query starts here, the navigation's count too: a decision refreshes them all. */
export const approvalKeys = queryKeys('approvals');
const roleKeys = queryKeys('approvals', 'roles');

export type ApprovalBox = z.output<typeof approvalRequestsQuery>['box'];

export const approvalRequestsQueryOptions = (box: ApprovalBox) =>
  queryOptions({
    queryKey: approvalKeys.list({ box }),
    queryFn: ({ signal }) => callApi(approvalsApi.listApprovalRequests, { query: { box }, signal }),
    meta: { errorContext: 'Could not load the approval requests' },
  });

/** How many requests wait for the caller's decision: the navigation's count. */
export async function inboxCount(): Promise<number> {
  return (await callApi(approvalsApi.listApprovalRequests, { query: { box: 'inbox' } })).inbox_count;
}

export const approvalPoliciesQueryOptions = () =>
  queryOptions({
    queryKey: approvalKeys.detail('policies'),
    queryFn: ({ signal }) => callApi(approvalsApi.listApprovalPolicies, { signal }),
    meta: { errorContext: 'Could not load the approval policies' },
  });

/** The account's roles, for choosing who approves. */
export const approverRolesQueryOptions = () =>
  queryOptions({
    queryKey: roleKeys.lists(),
    queryFn: async ({ signal }) => (await callApi(rolesApi.listRoles, { query: { page_size: MAX_PAGE_SIZE }, signal })).data,
    meta: { errorContext: 'Could not load the roles' },
  });

function useInvalidateApprovals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: approvalKeys.all });
}

/** Refusals the review dialog shows itself: a bad reason, not an approver, no such request, already decided. */
export const DECISION_REFUSALS = [400, 403, 404, 409] as const;

/** Approve (optional reason) or deny (reason required) one request; a refusal stays in the review dialog. */
export function useDecide() {
  const invalidate = useInvalidateApprovals();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'deny'; reason: string }) =>
      decision === 'approve'
        ? callApi(approvalsApi.approveRequest, { params: { request_id: id }, body: reason ? { reason } : {} })
        : callApi(approvalsApi.denyRequest, { params: { request_id: id }, body: { reason } }),
    meta: { inlineErrorStatuses: DECISION_REFUSALS },
    onSettled: invalidate,
  });
}

/** The requester withdraws a request not yet carried out; asked in a confirmAction dialog, which keeps a refusal. */
export function useCancelApprovalRequest() {
  const invalidate = useInvalidateApprovals();
  return useMutation({
    mutationFn: (id: string) => callApi(approvalsApi.cancelApprovalRequest, { params: { request_id: id } }),
    meta: { refusalsShownInline: true },
    onSettled: invalidate,
  });
}

export function useSetApprovalPolicy() {
  const invalidate = useInvalidateApprovals();
  return useMutation({
    mutationFn: (policy: z.output<typeof approvalPolicyUpdate>) => callApi(approvalsApi.setApprovalPolicy, { body: policy }),
    // The form puts 400 field errors (too few holders of the role) on its fields.
    meta: { errorContext: 'Could not save the approval policy', inlineErrorStatuses: [400] },
    onSuccess: invalidate,
  });
}
