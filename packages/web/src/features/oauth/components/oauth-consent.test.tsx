import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { OAuthMessages, type OAuthInteraction } from '@keydeck/contract/oauth';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { leaveApp } from '../../../lib/leave-app';
import { OAuthConsent } from './oauth-consent';

// jsdom cannot leave the page: where the browser is sent is what the test reads.
vi.mock('../../../lib/leave-app', () => ({ leaveApp: vi.fn() }));

const uid = 'Xq3k9_TmVbA2-pLz';
const interaction: OAuthInteraction = {
  uid,
  client: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Deploy Dashboard', account_name: 'Acme Tools' },
  redirect_origin: 'https://deploy.acme.example',
  scopes: [
    { name: 'services:read', description: 'See the services', held: true },
    { name: 'services:manage', description: 'Request and change services', held: false },
  ],
  offline_access: true,
  user: { username: 'ada', name: 'Ada Admin' },
  other_company: false,
  allowed: true,
};

/** The server's answers by path: the interaction, then where Allow or Deny sends the browser. */
function serve(get: Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path === apiPath(ApiPath.oauthInteractionAllow, { uid })) return jsonResponse(200, { location: 'https://console.test/oauth2/auth/Xq3k9?allowed' });
    if (path === apiPath(ApiPath.oauthInteractionDeny, { uid })) return jsonResponse(200, { location: 'https://console.test/oauth2/auth/Xq3k9?denied' });
    return get.clone();
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(leaveApp).mockClear();
});

describe('OAuthConsent', () => {
  it('shows who asks, as whom, the granted scopes apart from those the user does not hold, and where the answer goes', async () => {
    serve(jsonResponse(200, { data: interaction }));
    renderWithSession(<OAuthConsent uid={uid} />, sessionWith([]));
    expect(await screen.findByRole('heading', { name: 'Authorize Deploy Dashboard' })).toBeTruthy();
    expect(screen.getByText('by Acme Tools')).toBeTruthy();
    expect(screen.getByText(/wants to access your Keydeck account as/).textContent).toContain('Ada Admin (ada)');
    const granted = screen.getByRole('list', { name: 'Permissions to grant' });
    expect(within(granted).getByText('See the services')).toBeTruthy();
    expect(within(granted).getByText('Stay connected (refresh tokens) until you revoke it')).toBeTruthy();
    expect(within(granted).queryByText('Request and change services')).toBeNull();
    expect(screen.getByText('Not granted: you do not hold these permissions')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Permissions not granted' })).getByText('Request and change services')).toBeTruthy();
    expect(screen.getByText(/You will be sent back to/).textContent).toContain('https://deploy.acme.example');
  });

  it('allows with an empty JSON body and sends the browser where the server says', async () => {
    const fetchSpy = serve(jsonResponse(200, { data: interaction }));
    renderWithSession(<OAuthConsent uid={uid} />, sessionWith([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://console.test/oauth2/auth/Xq3k9?allowed'));
    const [path, init] = fetchSpy.mock.calls.at(-1)!;
    expect(path).toBe(apiPath(ApiPath.oauthInteractionAllow, { uid }));
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{}');
  });

  it('denies through the deny call, which also sends the browser back', async () => {
    const fetchSpy = serve(jsonResponse(200, { data: interaction }));
    renderWithSession(<OAuthConsent uid={uid} />, sessionWith([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://console.test/oauth2/auth/Xq3k9?denied'));
    expect(fetchSpy.mock.calls.at(-1)![0]).toBe(apiPath(ApiPath.oauthInteractionDeny, { uid }));
  });

  it("says plainly when the application is another company's, and keeps Allow off where the user's company refuses such applications", async () => {
    serve(jsonResponse(200, { data: interaction }));
    const own = renderWithSession(<OAuthConsent uid={uid} />, sessionWith([]));
    await screen.findByRole('heading', { name: 'Authorize Deploy Dashboard' });
    expect(screen.queryByText(/Another company's application/)).toBeNull();
    own.unmount();
    vi.restoreAllMocks();

    serve(jsonResponse(200, { data: { ...interaction, other_company: true, allowed: true } }));
    const trusted = renderWithSession(<OAuthConsent uid={uid} />, sessionWith([]));
    expect(await screen.findByText("Another company's application: Acme Tools")).toBeTruthy();
    expect(screen.getByText(OAuthMessages.otherCompanyWarning)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled).toBe(false);
    trusted.unmount();
    vi.restoreAllMocks();

    serve(jsonResponse(200, { data: { ...interaction, other_company: true, allowed: false } }));
    renderWithSession(<OAuthConsent uid={uid} />, sessionWith([]));
    expect(await screen.findByText(OAuthMessages.otherCompanyRefused)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://console.test/oauth2/auth/Xq3k9?denied'));
  });

  it('says an expired or answered request is gone, with nothing to click', async () => {
    serve(jsonResponse(404, { message: OAuthMessages.interactionGone, request_id: 'r1' }));
    renderWithSession(<OAuthConsent uid={uid} />, sessionWith([]));
    expect(await screen.findByText(OAuthMessages.interactionGone)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deny' })).toBeNull();
  });
});
