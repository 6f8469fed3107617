import { ApprovalMessages, type ApprovalPending } from '@keydeck/contract/approvals';

/** Whether an operation that can need approval answered (202) with its pending request instead of its result. */
export function isPendingApproval<T>(answer: T | ApprovalPending): answer is ApprovalPending {
  return answer !== null && typeof answer === 'object' && 'approval_request' in answer;
}

/** What the requester is told when their call waits for approval: it has not happened yet. */
export function pendingText({ approval_request: request }: ApprovalPending): string {
  return `${ApprovalMessages.pending(request.label, request.required_approvals)} Follow it under Approvals.`;
}
