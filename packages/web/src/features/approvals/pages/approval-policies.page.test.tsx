import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { showToast } from '../../../lib/toasts';
import { pickOption } from '../../../test/pick-option';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { ADMIN_ROLE, OPS_ROLE, approvalPolicy } from '../approval.fixtures';
import { ApprovalPoliciesPage } from './approval-policies.page';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const POLICIES = [approvalPolicy(), approvalPolicy({ operation: 'symmetric_key.delete', label: 'Delete keys', enabled: true, required_approvals: 1 })];
const role = ({ id, name }: { id: string; name: string }) => ({ id, name, permissions: [], built_in: false, user_count: 1 });

function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === ApiPath.approvalPolicies && init?.method === 'PUT') return jsonResponse(200, { policies: POLICIES });
    if (url === ApiPath.approvalPolicies) return jsonResponse(200, { policies: POLICIES });
    if (url.startsWith(ApiPath.roles)) return jsonResponse(200, { data: [role(ADMIN_ROLE), role(OPS_ROLE)], total: 2 });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

describe('ApprovalPoliciesPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every operation with its policy and saves a changed one', async () => {
    const spy = server();
    renderWithSession(<ApprovalPoliciesPage />, sessionWith([Permission.companyRead, Permission.companyManage]));
    const table = await screen.findByRole('table', { name: 'Approval policies' });
    expect(await within(table).findByText('Delete keys')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Edit Export a key as a TR-31 key block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approval policy' });
    fireEvent.click(within(dialog).getByRole('switch', { name: /^Requires approval/ }));
    fireEvent.change(within(dialog).getByLabelText('Approvals needed', { exact: false }), { target: { value: '3' } });
    await pickOption(dialog, 'Approvers', 'Key officers');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Saved the approval policy' }));
    const [, init] = spy.mock.calls.find(([, request]) => request?.method === 'PUT')!;
    expect(JSON.parse(String(init?.body))).toEqual({ operation: 'symmetric_key.export', enabled: true, required_approvals: 3, approver_role_id: OPS_ROLE.id, wait_hours: 24 });
  });

  it('lets a reader see the policies but not change them', async () => {
    server();
    renderWithSession(<ApprovalPoliciesPage />, sessionWith([Permission.companyRead]));
    const table = await screen.findByRole('table', { name: 'Approval policies' });
    const edit = await within(table).findByRole('button', { name: 'Edit Delete keys' });
    expect(edit.getAttribute('aria-disabled')).toBe('true');
  });
});
