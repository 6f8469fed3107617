import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import type { ProvisionerGroup } from '@keydeck/contract/provisioners';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { BlueprintForm } from './blueprint-modal';

const group: ProvisionerGroup = {
  id: '5d1e2f3a-0000-4000-8000-000000000001',
  name: 'fra1-general',
  zone_id: '5d1e2f3a-0000-4000-8000-000000000002',
  zone_name: 'fra1-hsm',
  description: '',
  provisioners: 1,
  blueprints: 0,
  created_at: '2026-03-01T10:00:00.000Z',
};

function renderForm() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).startsWith(`${ApiPath.provisionerGroups}?`)) return jsonResponse(200, { data: [group], total: 1 });
    throw new Error(`unexpected ${String(input)}`);
  });
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  renderWithSession(<BlueprintForm onSubmit={onSubmit} pending={false} submitLabel="Create blueprint" />, sessionWith([]));
  return onSubmit;
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('BlueprintForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the template with its policies and the group picked by name', async () => {
    const onSubmit = renderForm();
    fireEvent.change(textbox('Name'), { target: { value: 'Standard HSM' } });
    fireEvent.change(textbox('Model'), { target: { value: 'SoftHSM2' } });
    fireEvent.change(textbox('Ports'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('switch', { name: /^FIPS mode/ }));
    fireEvent.change(textbox('Minimum PIN length'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Backups allowed/ }));
    const picker = screen.getByRole('combobox', { name: 'Provisioner group' });
    await waitFor(() => expect(picker.getAttribute('placeholder')).toBe('Choose a group'));
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'fra1-general · fra1-hsm', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Create blueprint' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Standard HSM',
      model: 'SoftHSM2',
      partitions: 1,
      ports: 3,
      provisioner_group_id: group.id,
      policies: { fips_mode: true, min_pin_length: 12, backup_allowed: false },
      enabled: true,
    });
  });

  it('refuses a missing group and a PIN length below 4 before sending', async () => {
    const onSubmit = renderForm();
    fireEvent.change(textbox('Name'), { target: { value: 'Tiny' } });
    fireEvent.change(textbox('Model'), { target: { value: 'SoftHSM2' } });
    fireEvent.change(textbox('Minimum PIN length'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create blueprint' }));
    expect(await screen.findByText('At least 4')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Provisioner group' }).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
