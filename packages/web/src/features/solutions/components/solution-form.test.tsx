import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import { SolutionMessages } from '@keydeck/contract/solutions';
import { ApiError } from '../../../lib/api-error';
import { renderWithSession, sessionWith } from '../../../test/render';
import { PLACEMENTS, solution } from '../solution.fixtures';
import { SolutionForm } from './solution-form';

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  renderWithSession(<SolutionForm solution={solution()} placements={PLACEMENTS} onSubmit={onSubmit} pending={false} />, sessionWith([]));
  return { onSubmit };
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('SolutionForm', () => {
  it('edits the services with their key groups and device models and sends the solution', async () => {
    const { onSubmit } = renderForm();
    const service = screen.getByRole('group', { name: 'Service 1' });
    fireEvent.click(within(service).getByRole('button', { name: 'Add key group' }));
    fireEvent.change(within(service).getByRole('textbox', { name: 'Key groups 2' }), { target: { value: 'Kiosks' } });
    fireEvent.click(within(service).getByRole('button', { name: 'Remove device model 1' }));
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'P2PE for retail',
      description: 'Cryptoverse with its key groups and device models',
      services: [
        {
          type: 'cryptoverse',
          name: 'Retail P2PE',
          location: 'eu-central',
          environment: 'production',
          key_groups: [
            { name: 'Terminals', key_retrieval_algorithm: 'static' },
            { name: 'Kiosks', key_retrieval_algorithm: 'static' },
          ],
          device_models: [],
        },
      ],
    });
  });

  it('refuses two services of one name on the second, and sends nothing', async () => {
    const onSubmit = vi.fn();
    const two = solution({ services: [solution().services[0]!, { ...solution().services[0]!, type: 'rkms', name: 'Retail RKMS' }] });
    renderWithSession(<SolutionForm solution={two} placements={PLACEMENTS} onSubmit={onSubmit} pending={false} />, sessionWith([]));
    const second = screen.getByRole('group', { name: 'Service 2' });
    fireEvent.change(within(second).getByRole('textbox', { name: /Service name/ }), { target: { value: 'retail p2pe' } });
    save();
    expect(await within(second).findByText(SolutionMessages.serviceNameRepeated('retail p2pe'))).toBeTruthy();
    expect(within(second).getByRole('textbox', { name: /Service name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the type of a service added', async () => {
    const { onSubmit } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));
    fireEvent.change(within(screen.getByRole('group', { name: 'Service 2' })).getByRole('textbox', { name: /Service name/ }), { target: { value: 'Retail RKMS' } });
    save();
    expect(await within(screen.getByRole('group', { name: 'Service 2' })).findByText(SolutionMessages.chooseType)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusals on their fields, nested ones included', async () => {
    const refusal = new ApiError(
      409,
      { message: SolutionMessages.nameTaken('P2PE for retail'), errors: { name: [SolutionMessages.nameTaken('P2PE for retail')], 'services.0.location': [Messages.serviceLocationUnknown] } },
      {},
      SolutionMessages.nameTaken('P2PE for retail'),
    );
    renderForm(vi.fn().mockRejectedValue(refusal));
    save();
    expect(await screen.findByText(SolutionMessages.nameTaken('P2PE for retail'))).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByRole('group', { name: 'Service 1' })).getByText(Messages.serviceLocationUnknown)).toBeTruthy();
  });
});
