import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { OffboardingStatus } from '@keydeck/contract/offboarding';
import { renderWithSession, sessionWith } from '../../../test/render';
import { OffboardingSteps } from './offboarding-steps';

const account = { name: 'Acme Corp', account_slug: 'acme' };
const notExported: OffboardingStatus = { platform_account: false, exported_at: null, export_valid_until: null, can_delete: false };
const exported: OffboardingStatus = {
  platform_account: false,
  exported_at: '2030-05-01T10:00:00.000Z',
  export_valid_until: '2030-05-02T10:00:00.000Z',
  can_delete: true,
};

function renderSteps(status: OffboardingStatus) {
  const onExport = vi.fn();
  const onDelete = vi.fn();
  renderWithSession(
    <OffboardingSteps account={account} status={status} exporting={false} deleting={false} onExport={onExport} onDelete={onDelete} />,
    sessionWith(['platform:admin']),
  );
  return { onExport, onDelete };
}
const deleteButton = () => screen.getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;

describe('OffboardingSteps', () => {
  it('offers the export and keeps deletion disabled until the account was exported', () => {
    const { onExport } = renderSteps(notExported);
    expect(screen.getByTestId('export-state').textContent).toBe('Not exported yet');
    expect(deleteButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Export account data' }));
    expect(onExport).toHaveBeenCalledOnce();
  });

  it('after an export, deletes only once the slug is typed exactly', async () => {
    const { onDelete } = renderSteps(exported);
    expect(screen.getByTestId('export-state').textContent).toMatch(/^Last exported /);
    expect(deleteButton().disabled).toBe(false);
    fireEvent.click(deleteButton());
    const confirmButton = (await screen.findByRole('button', { name: 'Delete account for good' })) as HTMLButtonElement;
    const input = screen.getByRole('textbox', { name: /Type acme to confirm/ });
    expect(confirmButton.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'acm' } });
    expect(confirmButton.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'acme' } });
    expect(confirmButton.disabled).toBe(false);
    fireEvent.click(confirmButton);
    // react-hook-form checks the form asynchronously: the confirmation follows a tick after the click.
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith('acme'));
  });

  it('never offers to offboard the platform account', () => {
    renderSteps({ ...exported, platform_account: true });
    expect(screen.getByText('The platform account cannot be offboarded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
  });
});
