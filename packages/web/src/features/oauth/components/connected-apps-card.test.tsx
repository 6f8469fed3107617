import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import type { OAuthConsent } from '@keydeck/contract/oauth';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { ConnectedAppsCard } from './connected-apps-card';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
/** The confirm dialog answered Yes: it runs the action. */
const yes = (_question: string, run: () => Promise<unknown>) => run();
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const consent: OAuthConsent = {
  id: 'grant_Xq3k9TmVbA2pLz',
  client: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Deploy Dashboard', account_name: 'Acme Tools' },
  scopes: ['services:read'],
  granted_at: '2026-11-20T10:00:00.000Z',
  expires_at: null,
};

afterEach(() => vi.restoreAllMocks());

describe('ConnectedAppsCard', () => {
  it('says when no application has access', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: [] }));
    renderWithSession(<ConnectedAppsCard />, sessionWith([]));
    expect(await screen.findByText('No application has access to your account.')).toBeTruthy();
  });

  it('revokes an application after the confirmation, then shows the list again', async () => {
    let consents = [consent];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'DELETE') {
        consents = [];
        return jsonResponse(200, { deleted: 'grant-1' });
      }
      return jsonResponse(200, { data: consents });
    });
    vi.mocked(confirmAction).mockImplementation(yes);
    renderWithSession(<ConnectedAppsCard />, sessionWith([]));
    expect(await screen.findByText('Acme Tools')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Deploy Dashboard' }));
    expect(await screen.findByText('No application has access to your account.')).toBeTruthy();
    expect(vi.mocked(confirmAction).mock.calls[0]![0]).toContain('loses access at once');
    expect(fetchSpy.mock.calls.some(([path, init]) => init?.method === 'DELETE' && path === apiPath(ApiPath.oauthConsent, { grant_id: consent.id }))).toBe(true);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Deploy Dashboard no longer has access to your account.' }));
  });
});
