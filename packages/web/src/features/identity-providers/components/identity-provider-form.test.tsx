import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Permission } from '@keydeck/contract/permissions';
import type { IdentityProvider } from '@keydeck/contract/identity-providers';
import { renderWithSession, sessionWith } from '../../../test/render';
import { IdentityProviderForm } from './identity-provider-form';

const STORED: IdentityProvider = {
  id: '6f1c1d2e-0000-4000-8000-000000000001',
  account_id: '6f1c1d2e-0000-4000-8000-000000000002',
  name: 'Corporate SSO',
  issuer: 'https://login.example.com/realms/acme',
  client_id: 'keydeck',
  has_client_secret: true,
  scopes: 'openid email',
  claim: 'preferred_username',
  user_field: 'username',
  enabled: true,
  created_at: '2026-11-21T10:00:00.000Z',
};

function renderForm(provider?: IdentityProvider) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  renderWithSession(
    <IdentityProviderForm provider={provider} onSubmit={onSubmit} pending={false} submitLabel="Save" />,
    sessionWith([Permission.platformAdmin]),
  );
  return onSubmit;
}

const input = (label: string) => screen.getByRole('textbox', { name: label });

describe('IdentityProviderForm', () => {
  it('sends a new provider with its secret and the default scopes and matching', async () => {
    const onSubmit = renderForm();
    fireEvent.change(input('Name'), { target: { value: 'Okta' } });
    fireEvent.change(input('Issuer URL'), { target: { value: 'https://acme.okta.example' } });
    fireEvent.change(input('Client ID'), { target: { value: 'client-1' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Okta',
      issuer: 'https://acme.okta.example',
      client_id: 'client-1',
      client_secret: 's3cret',
      scopes: 'openid email profile',
      claim: 'email',
      user_field: 'email',
      enabled: true,
    });
  });

  it('refuses a plain-HTTP issuer off this machine and scopes without openid before sending', async () => {
    const onSubmit = renderForm();
    fireEvent.change(input('Name'), { target: { value: 'Legacy' } });
    fireEvent.change(input('Issuer URL'), { target: { value: 'http://idp.example.com' } });
    fireEvent.change(input('Client ID'), { target: { value: 'c' } });
    fireEvent.change(input('Scopes'), { target: { value: 'email profile' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the issuer URL (https://…)')).toBeTruthy();
    expect(screen.getByText('The scopes must include openid')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('never shows the stored secret: an edit leaves the field empty, which keeps it', async () => {
    const onSubmit = renderForm(STORED);
    expect((screen.getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('A secret is stored. Leave empty to keep it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ client_secret: '', claim: 'preferred_username', user_field: 'username' });
  });
});
