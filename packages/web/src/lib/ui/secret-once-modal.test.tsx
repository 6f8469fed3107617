import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithSession, sessionWith } from '../../test/render';
import { SecretOnceModal } from './secret-once-modal';

const secret = { title: 'Credential ci created', clientId: '0b6f8f5e-4f7c-4c4f-9a57-2f8f3c1d2e10', clientSecret: 'c2VjcmV0LXNob3duLW9uY2U', warning: 'Copy the secret now: it is shown only once.' };

describe('SecretOnceModal', () => {
  it('shows the client id and secret with copy buttons and the shown-once warning', () => {
    renderWithSession(<SecretOnceModal secret={secret} onClose={vi.fn()} />, sessionWith([]));
    expect(screen.getByRole('dialog', { name: 'Credential ci created' })).toBeTruthy();
    expect(screen.getByText(secret.warning)).toBeTruthy();
    expect(screen.getByText(secret.clientSecret)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Copy client secret ${secret.clientSecret}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Copy client ID ${secret.clientId}` })).toBeTruthy();
  });

  it('closes on acknowledgement, and shows nothing without a secret', () => {
    const onClose = vi.fn();
    const shown = renderWithSession(<SecretOnceModal secret={secret} onClose={onClose} />, sessionWith([]));
    fireEvent.click(screen.getByRole('button', { name: 'I have copied the secret' }));
    expect(onClose).toHaveBeenCalledOnce();
    shown.unmount();
    renderWithSession(<SecretOnceModal secret={null} onClose={onClose} />, sessionWith([]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(secret.clientSecret)).toBeNull();
  });
});
