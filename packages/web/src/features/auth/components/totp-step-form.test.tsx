import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { TotpStepForm } from './totp-step-form';

const partial = { ...sessionWith([]), fully_logged_in: false, next_factor: 'totp' as const, mfa_enabled: true };

function renderForm() {
  const onCompleted = vi.fn();
  renderWithSession(<TotpStepForm onCompleted={onCompleted} />, partial);
  return { onCompleted };
}

const sentBody = (spy: ReturnType<typeof vi.spyOn>) => JSON.parse(String((spy.mock.calls[0]![1] as RequestInit).body));

describe('TotpStepForm', () => {
  it('asks for six digits with one-time-code autocomplete and sends nothing until then', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderForm();
    const input = screen.getByLabelText('Authentication code');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // react-hook-form validates asynchronously: the message appears a tick after the click.
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('sends the code and hands over the full session', async () => {
    const session = { ...partial, fully_logged_in: true, next_factor: null };
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { auth_info: session }));
    const { onCompleted } = renderForm();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledWith(session));
    expect(sentBody(fetchSpy)).toEqual({ otp: '123 456' });
    fetchSpy.mockRestore();
  });

  it('switches to a recovery code and shows a refused one in the alert', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(401, { message: Messages.recoveryCodeInvalid, request_id: 'r1' }));
    const { onCompleted } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcd-efgh-ijkl-mnop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(Messages.recoveryCodeInvalid);
    expect(sentBody(fetchSpy)).toEqual({ recovery_code: 'abcd-efgh-ijkl-mnop' });
    expect(onCompleted).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
