import type { ApprovalPolicy, ApprovalRequest } from '@keydeck/contract/approvals';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';

export const ADMIN_ROLE = { id: '7d1c9a52-5a8e-4a43-9f57-0f3c9b1e2a10', name: 'Account Administrator' };
export const OPS_ROLE = { id: '2f6a3c1d-8b9e-4d7f-a0c1-5e4b3a2f1d0c', name: 'Key officers' };

/** A request to export "Data key" under "Exchange KBPK", needing 2 approvals; overrides change any field. */
export function approvalRequest(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id: '5b0c8f2e-3d4a-4e6b-9c7d-1a2b3c4d5e6f',
    operation: 'symmetric_key.export',
    label: 'Export a key as a TR-31 key block',
    service: 'Terminals',
    call: { method: 'POST', path: paymentKeysApi.exportSymmetricKey.path, query: {}, body: { key: 'Data key', kbpk: 'Exchange KBPK' } },
    requested_by: 'requester',
    state: 'pending',
    required_approvals: 2,
    approvals: 1,
    decisions: [{ approver: 'ann', decision: 'approve', reason: 'Ticket 4711', decided_at: '2026-11-28T10:00:00.000Z' }],
    created_at: '2026-11-28T09:00:00.000Z',
    expires_at: '2026-11-29T09:00:00.000Z',
    executed_at: null,
    you: { may_decide: true, why_not: null, requested: false },
    ...overrides,
  };
}

export function approvalPolicy(overrides: Partial<ApprovalPolicy> = {}): ApprovalPolicy {
  return {
    operation: 'symmetric_key.export',
    label: 'Export a key as a TR-31 key block',
    enabled: false,
    required_approvals: 2,
    approver_role: ADMIN_ROLE,
    wait_hours: 24,
    ...overrides,
  };
}
