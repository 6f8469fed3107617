import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { APPROVAL_HEADER, ApprovalMessages } from '@keydeck/contract/approvals';
import { ApiPath, CSRF_COOKIE, CSRF_HEADER } from '@keydeck/contract/http';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { approvalRequest } from '../approval.fixtures';
import { MyApprovalRequestsPage } from './my-approval-requests.page';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const APPROVED = approvalRequest({
  state: 'approved',
  approvals: 2,
  you: { may_decide: false, why_not: ApprovalMessages.ownRequest, requested: true },
});
const EXPORTED = { key_block: 'D0112D0AD00E0000ABCDEF', kcv: '08D7B4', kbpk_kcv: '1A2B3C', format: 'TR-31 (D)' };

/** The server: my requests hold APPROVED; the export answers `exportAnswer`. */
function server(exportAnswer: Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith(`${ApiPath.approvalRequests}?box=mine`)) return jsonResponse(200, { data: [APPROVED], inbox_count: 0 });
    if (url === ApiPath.symmetricKeyExport && init?.method === 'POST') return exportAnswer;
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

async function carryOut() {
  renderWithSession(<MyApprovalRequestsPage />, sessionWith([]));
  const table = await screen.findByRole('table', { name: 'My approval requests' });
  fireEvent.click(await within(table).findByRole('button', { name: 'Review Export a key as a TR-31 key block' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approval request' });
  expect(within(dialog).getByRole('button', { name: 'Cancel request' })).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Carry out' }));
  return dialog;
}

describe('MyApprovalRequestsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('carries out an approved export by sending the stored call again with the request, and shows the key block', async () => {
    document.cookie = `${CSRF_COOKIE}=forgery-token`;
    const spy = server(jsonResponse(200, EXPORTED));
    const dialog = await carryOut();
    expect((await within(dialog).findByTestId('key-block')).textContent).toBe(EXPORTED.key_block);
    expect(within(dialog).getByTestId('export-kcv').textContent).toBe('08D7B4');
    const [, init] = spy.mock.calls.find(([url]) => String(url) === ApiPath.symmetricKeyExport)!;
    const headers = new Headers(init?.headers);
    expect([init?.method, init?.credentials, headers.get(APPROVAL_HEADER), headers.get(CSRF_HEADER)]).toEqual(['POST', 'include', APPROVED.id, 'forgery-token']);
    expect(JSON.parse(String(init?.body))).toEqual({ key: 'Data key', kbpk: 'Exchange KBPK' });
  });

  it('shows a refusal in the server’s words and keeps the dialog', async () => {
    server(jsonResponse(409, { message: ApprovalMessages.notExecutable('expired'), request_id: 'r1' }));
    const dialog = await carryOut();
    expect(await within(dialog).findByText(ApprovalMessages.notExecutable('expired'))).toBeTruthy();
    expect(within(dialog).queryByTestId('key-block')).toBeNull();
  });

  it('says when the user has asked for nothing', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: [], inbox_count: 0 }));
    renderWithSession(<MyApprovalRequestsPage />, sessionWith([]));
    expect(await screen.findByText('You have asked for nothing that needs approval')).toBeTruthy();
  });
});
