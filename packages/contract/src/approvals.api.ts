import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  approvalDecisionBody,
  approvalDenyBody,
  approvalPoliciesResponse,
  approvalPolicyUpdate,
  approvalRequest,
  approvalRequestParams,
  approvalRequestsQuery,
  approvalRequestsResponse,
} from './approvals.ts';

/** Approval policies of the caller's account, and the requests that wait for approvers. */
export const approvalsApi = endpoints({ product: 'identity', tag: 'Approvals' }, {
  listApprovalPolicies: {
    method: 'GET', path: ApiPath.approvalPolicies, responses: { 200: approvalPoliciesResponse },
    summary: 'List approval policies', description: 'Lists every operation that can need approval, with its policy (off unless set).',
  },
  setApprovalPolicy: {
    method: 'PUT', path: ApiPath.approvalPolicies, body: approvalPolicyUpdate, responses: { 200: approvalPoliciesResponse },
    summary: 'Set an approval policy', description: 'Sets whether an operation needs approval, how many approvals, from which role, and how long a request waits.',
  },
  listApprovalRequests: {
    method: 'GET', path: ApiPath.approvalRequests, query: approvalRequestsQuery, responses: { 200: approvalRequestsResponse },
    summary: 'List approval requests', description: 'Lists the requests the caller may decide (inbox), their own (mine), or all of the account.',
  },
  getApprovalRequest: {
    method: 'GET', path: ApiPath.approvalRequest, params: approvalRequestParams, responses: { 200: approvalRequest },
    summary: 'Get an approval request', description: 'Returns one request with the call it binds and its decisions.',
  },
  approveRequest: {
    method: 'POST', path: ApiPath.approvalApprove, params: approvalRequestParams, body: approvalDecisionBody, responses: { 200: approvalRequest },
    summary: 'Approve a request', description: 'Approves a pending request; at the policy\u2019s number of approvals the requester may carry it out once.',
  },
  denyRequest: {
    method: 'POST', path: ApiPath.approvalDeny, params: approvalRequestParams, body: approvalDenyBody, responses: { 200: approvalRequest },
    summary: 'Deny a request', description: 'Denies a pending request, with a reason: it can no longer be carried out.',
  },
  cancelApprovalRequest: {
    method: 'POST', path: ApiPath.approvalCancel, params: approvalRequestParams, responses: { 200: approvalRequest },
    summary: 'Cancel a request', description: 'The requester withdraws a request that has not been carried out.',
  },
});
