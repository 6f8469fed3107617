import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { approvalRequest } from '../approval.fixtures';
import { ApprovalsInboxPage } from './approvals-inbox.page';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const REQUEST = approvalRequest();

/** The server: the inbox holds REQUEST; a decision answers it decided. */
function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith(`${ApiPath.approvalRequests}?box=inbox`)) return jsonResponse(200, { data: [REQUEST], inbox_count: 1 });
    if (init?.method === 'POST') return jsonResponse(200, { ...REQUEST, approvals: 2, state: url.endsWith('/deny') ? 'denied' : 'approved' });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

const posted = (spy: ReturnType<typeof server>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [String(url), JSON.parse(String(init?.body)) as unknown]);

async function review() {
  renderWithSession(<ApprovalsInboxPage />, sessionWith([]));
  const table = await screen.findByRole('table', { name: 'Approval inbox' });
  expect(await within(table).findByText('1 of 2')).toBeTruthy();
  fireEvent.click(within(table).getByRole('button', { name: 'Review Export a key as a TR-31 key block' }));
  return screen.findByRole('dialog', { name: 'Approval request' });
}

describe('ApprovalsInboxPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the call exactly and the decisions so far, and approves with an optional reason', async () => {
    const spy = server();
    const dialog = await review();
    expect(within(dialog).getByTestId('approval-call-line').textContent).toBe(`POST ${ApiPath.symmetricKeyExport}`);
    expect(within(dialog).getByTestId('approval-call-body').textContent).toBe(JSON.stringify({ key: 'Data key', kbpk: 'Exchange KBPK' }, null, 2));
    expect(within(dialog).getByRole('list', { name: 'Decisions' }).textContent).toContain('ann approved');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Approved' }));
    expect(posted(spy)).toEqual([[apiPath(ApiPath.approvalApprove, { request_id: REQUEST.id }), {}]]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approval request' })).toBeNull());
  });

  it('denies only with a reason, in a form of its own', async () => {
    const spy = server();
    const dialog = await review();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    const deny = within(dialog).getByRole('form', { name: 'Deny' });
    fireEvent.click(within(deny).getByRole('button', { name: 'Deny' }));
    expect(await within(deny).findByText('Say why you deny it')).toBeTruthy();
    expect(posted(spy)).toEqual([]);
    fireEvent.change(within(deny).getByLabelText('Why do you deny it?', { exact: false }), { target: { value: 'No change ticket' } });
    fireEvent.click(within(deny).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Denied' }));
    expect(posted(spy)).toEqual([[apiPath(ApiPath.approvalDeny, { request_id: REQUEST.id }), { reason: 'No change ticket' }]]);
  });

  it('says why the caller may not decide, and offers no decision', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(200, { data: [approvalRequest({ you: { may_decide: false, why_not: 'You asked for this operation: someone else must approve it.', requested: true } })], inbox_count: 0 }),
    );
    const dialog = await review();
    expect(within(dialog).getByTestId('approval-why-not').textContent).toBe('You asked for this operation: someone else must approve it.');
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says when nothing waits', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: [], inbox_count: 0 }));
    renderWithSession(<ApprovalsInboxPage />, sessionWith([]));
    expect(await screen.findByText('Nothing waits for your approval')).toBeTruthy();
  });
});
