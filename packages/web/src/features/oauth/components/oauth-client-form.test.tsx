import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CredentialOwner } from '@keydeck/contract/credentials';
import { OAUTH_GRANT_LABELS, OAuthMessages } from '@keydeck/contract/oauth';
import { PERMISSION_DESCRIPTIONS } from '@keydeck/contract/permissions';
import { renderWithSession, sessionWith } from '../../../test/render';
import { OAuthClientForm } from './oauth-client-form';

const owner: CredentialOwner = { id: '5d0c8f4e-2b7a-4c1e-9f3d-1a2b3c4d5e6f', username: 'ada', name: 'Ada Admin', permissions: ['services:read', 'audit:read'] };

function renderForm() {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  renderWithSession(<OAuthClientForm owners={[owner]} onSubmit={onSubmit} pending={false} />, sessionWith([]));
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Deploy dashboard' } });
  fireEvent.click(screen.getByLabelText(PERMISSION_DESCRIPTIONS['services:read']));
  return { onSubmit };
}

const redirectRow = (n: number) => screen.getByRole('textbox', { name: `Redirect URI ${n}` });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create OAuth client' }));

describe('OAuthClientForm', () => {
  it('offers the owner’s permissions as scopes, and creates with the blank redirect rows left out', async () => {
    const { onSubmit } = renderForm();
    expect(screen.getByLabelText(PERMISSION_DESCRIPTIONS['audit:read'])).toBeTruthy();
    expect(screen.queryByLabelText(PERMISSION_DESCRIPTIONS['users:manage'])).toBeNull();
    fireEvent.change(redirectRow(1), { target: { value: 'https://deploy.example.com/callback' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add redirect URI' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Deploy dashboard',
      type: 'confidential',
      owner_user_id: owner.id,
      redirect_uris: ['https://deploy.example.com/callback'],
      grant_types: ['authorization_code'],
      scopes: ['services:read'],
    });
  });

  it('refuses client credentials for a public client, on the grants, and sends nothing', async () => {
    const { onSubmit } = renderForm();
    fireEvent.change(redirectRow(1), { target: { value: 'http://localhost:8080/cb' } });
    fireEvent.click(screen.getByLabelText(/^Public/));
    fireEvent.click(screen.getByLabelText(OAUTH_GRANT_LABELS.client_credentials));
    submit();
    expect(await screen.findByText(OAuthMessages.publicNoClientCredentials)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for a redirect URI with authorization code, and for authorization code with refresh tokens', async () => {
    const { onSubmit } = renderForm();
    submit();
    expect(await screen.findByText(OAuthMessages.redirectNeeded)).toBeTruthy();
    fireEvent.change(redirectRow(1), { target: { value: 'https://deploy.example.com/callback' } });
    fireEvent.click(screen.getByLabelText(OAUTH_GRANT_LABELS.authorization_code));
    fireEvent.click(screen.getByLabelText(OAUTH_GRANT_LABELS.refresh_token));
    submit();
    expect(await screen.findByText(OAuthMessages.refreshNeedsCode)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a redirect URI that is not https (nor http on the own machine) on its row', async () => {
    const { onSubmit } = renderForm();
    fireEvent.change(redirectRow(1), { target: { value: 'http://deploy.example.com/callback' } });
    submit();
    expect(await screen.findByText(OAuthMessages.redirectUri)).toBeTruthy();
    expect(redirectRow(1).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
