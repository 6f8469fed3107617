import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Messages } from '@keydeck/contract/messages';
import { LoginForm } from './login-form';

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <LoginForm onSignedIn={onSignedIn} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onSignedIn };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('LoginForm', () => {
  it('shows the contract validation messages under empty fields and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // react-hook-form validates asynchronously: the messages appear a tick after the click.
    expect(await screen.findByText('Enter your username')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('puts server field errors on their fields', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(400, { message: 'The request is not valid.', errors: { username: ['Too long'] } }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too long')).toBeTruthy();
    fetchSpy.mockRestore();
  });

  it('shows a refused sign-in as an alert in the form', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(401, { message: Messages.invalidCredentials, request_id: 'r1' }));
    const { onSignedIn } = renderForm();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(Messages.invalidCredentials);
    expect(onSignedIn).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
