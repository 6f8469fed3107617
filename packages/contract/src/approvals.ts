import { z } from 'zod';
import { Permission } from './permissions.ts';

/**
 * M-of-N approval of sensitive operations (dual control, PCI PIN Security Requirements control objective 6): an
 * account's policy says which operations need how many approvals, from the holders of which role, and how long a
 * request waits. A call to such an operation answers 202 with a pending request bound to its exact parameters (a
 * digest); once approved by M people other than the requester, the requester sends the same call again with the
 * request's id in the Approval-Request header, and the server carries it out once, in the requester's own session.
 */
export const APPROVAL_HEADER = 'Approval-Request';

/** The operations a policy can guard, with what the screens call them. */
export const APPROVAL_OPERATIONS = {
  'symmetric_key.export': 'Export a key as a TR-31 key block',
  'symmetric_key.delete': 'Delete keys',
  'key_group.retrieval_change': "Change a key group's key retrieval algorithm",
  'key.create_kbpk_bdk': 'Create or import a KBPK or BDK',
  'symmetric_key.disable': 'Disable or retire keys',
  'certificate_authority.delete': 'Delete certificate authorities',
  'allowlist.enforcement_off': 'Switch IP allowlist enforcement off',
  'credential.create_admin': 'Create an API credential or OAuth client with administrator permissions',
} as const;

/** Permissions that administer the account: a credential or OAuth client holding any of them can need approval. */
export const ADMINISTRATOR_PERMISSIONS: readonly string[] = [
  Permission.companyManage,
  Permission.usersManage,
  Permission.rolesManage,
  Permission.allowlistManage,
  Permission.servicesManage,
];
export const grantsAdministration = (permissions: readonly string[] | undefined) => (permissions ?? []).some((p) => ADMINISTRATOR_PERMISSIONS.includes(p));

/** A key block's usage is in its clear header (X9.143: version, 4-digit length, then the 2-character usage). */
const keyBlockUsage = (block: string) => block.trim().slice(5, 7);
/** New keys that protect or derive others: a KBPK (K1) or a BDK (B0), generated, combined or imported. */
export const createsKbpkOrBdk = (rows: readonly { source: string; usage?: string; key_block?: string }[] | undefined) =>
  (rows ?? []).some((row) => ['K1', 'B0'].includes(row.source === 'key_block' ? keyBlockUsage(row.key_block ?? '') : (row.usage ?? '')));
export type ApprovalOperation = keyof typeof APPROVAL_OPERATIONS;
export const APPROVAL_OPERATION_CODES = Object.keys(APPROVAL_OPERATIONS) as [ApprovalOperation, ...ApprovalOperation[]];

export const APPROVALS_MAX = 5;
export const APPROVAL_HOURS_MAX = 168;
export const APPROVAL_HOURS_DEFAULT = 24;
export const DECISION_REASON_MAX = 500;

/** One operation's policy; an operation without one needs no approval. */
export const approvalPolicy = z.object({
  operation: z.enum(APPROVAL_OPERATION_CODES),
  label: z.string(),
  enabled: z.boolean(),
  /** M: how many people other than the requester must approve. */
  required_approvals: z.number().int(),
  /** Who may approve: the holders of this role of the account. */
  approver_role: z.object({ id: z.string().uuid(), name: z.string() }),
  /** How long a request waits for its approvals, and then may be carried out, in hours. */
  wait_hours: z.number().int(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicy>;
export const approvalPoliciesResponse = z.object({ policies: z.array(approvalPolicy) });
export const approvalPolicyUpdate = z.object({
  operation: z.enum(APPROVAL_OPERATION_CODES),
  enabled: z.boolean(),
  required_approvals: z.number().int().min(1, 'At least 1 approval').max(APPROVALS_MAX, `At most ${APPROVALS_MAX} approvals`),
  approver_role_id: z.string().uuid('Choose the approvers\u2019 role'),
  wait_hours: z.number().int().min(1, 'At least 1 hour').max(APPROVAL_HOURS_MAX, `At most ${APPROVAL_HOURS_MAX} hours`),
});

export const APPROVAL_STATES = ['pending', 'approved', 'executed', 'denied', 'expired', 'cancelled'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const approvalDecision = z.object({
  approver: z.string(),
  decision: z.enum(['approve', 'deny']),
  reason: z.string().nullable(),
  decided_at: z.string(),
});

export const approvalRequest = z.object({
  id: z.string().uuid(),
  operation: z.enum(APPROVAL_OPERATION_CODES),
  label: z.string(),
  /** The service the call was for, when it is service data. */
  service: z.string().nullable(),
  /** The call as it was asked, exactly what an approval binds: method, path, query and body. */
  call: z.object({ method: z.string(), path: z.string(), query: z.record(z.string(), z.unknown()), body: z.unknown() }),
  requested_by: z.string(),
  state: z.enum(APPROVAL_STATES),
  required_approvals: z.number().int(),
  approvals: z.number().int(),
  decisions: z.array(approvalDecision),
  created_at: z.string(),
  expires_at: z.string(),
  executed_at: z.string().nullable(),
  /** Whether the caller may approve or deny it, and if not, why. */
  you: z.object({ may_decide: z.boolean(), why_not: z.string().nullable(), requested: z.boolean() }),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

/** What an operation that needs approval answers (202) instead of its result. */
export const approvalPending = z.object({ approval_request: approvalRequest });
export type ApprovalPending = z.infer<typeof approvalPending>;

export const approvalRequestsQuery = z.object({
  /** inbox: requests the caller may decide; mine: the caller's own; all: every request of the account. */
  box: z.enum(['inbox', 'mine', 'all']).default('inbox'),
});
export const approvalRequestsResponse = z.object({ data: z.array(approvalRequest), inbox_count: z.number().int() });
export const approvalRequestParams = z.object({ request_id: z.string().uuid() });
export const approvalDecisionBody = z.object({
  reason: z.string().trim().max(DECISION_REASON_MAX, `At most ${DECISION_REASON_MAX} characters`).optional(),
});
export const approvalDenyBody = z.object({
  reason: z.string().trim().min(1, 'Say why you deny it').max(DECISION_REASON_MAX, `At most ${DECISION_REASON_MAX} characters`),
});

export const ApprovalMessages = {
  requestNotFound: 'No such approval request.',
  ownRequest: 'You asked for this operation: someone else must approve it.',
  notApprover: (role: string) => `Only holders of the ${role} role may decide on this request.`,
  alreadyDecided: 'You have already decided on this request.',
  notPending: (state: string) => `This request is ${state}: it can no longer be decided.`,
  notApprovedYet: (approvals: number, required: number) => `This request has ${approvals} of ${required} approvals: it cannot be carried out yet.`,
  notExecutable: (state: string) => `This request is ${state}: it cannot be carried out.`,
  notRequester: 'Only the person who asked for this operation may carry it out.',
  differs: 'This call differs from the one that was approved: ask for approval again.',
  tooFewApprovers: (role: string, holders: number, required: number) =>
    `${required} approvals need at least ${required} holders of the ${role} role; the account has ${holders}.`,
  pending: (label: string, required: number) => `${label} needs ${required} approval${required === 1 ? '' : 's'}: your request is waiting for them.`,
} as const;
