import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { z } from 'zod';
import { renderWithSession, sessionWith } from '../../test/render';
import { useContractForm } from '../use-contract-form';
import { ContractForm } from './contract-form';
import { NumberField } from './number-field';

const schema = z.object({ slot: z.number().int('A slot is a whole number').min(0, 'A slot is 0 to 99').max(99, 'A slot is 0 to 99') });

function SlotForm({ onSubmit }: { onSubmit: (values: { slot: number }) => Promise<unknown> }) {
  const form = useContractForm({ schema, defaultValues: { slot: undefined as unknown as number }, onSubmit });
  return (
    <ContractForm form={form} aria-label="Slot">
      <NumberField name="slot" label="Slot" min={0} max={99} allowDecimal={false} allowNegative={false} />
      <button type="submit">Save</button>
    </ContractForm>
  );
}

describe('NumberField', () => {
  it('keeps a number out of range as typed, and the form says why it is refused', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithSession(<SlotForm onSubmit={onSubmit} />, sessionWith([]));
    const field = screen.getByRole('textbox', { name: 'Slot' });
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '100' } });
    fireEvent.blur(field);
    expect((field as HTMLInputElement).value).toBe('100');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A slot is 0 to 99')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('100');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps a minus sign and decimals as typed, even where the caller allows neither', async () => {
    renderWithSession(<SlotForm onSubmit={vi.fn()} />, sessionWith([]));
    const field = screen.getByRole('textbox', { name: 'Slot' });
    for (const typed of ['-5', '1.5']) {
      fireEvent.focus(field);
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect((field as HTMLInputElement).value).toBe(typed);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A slot is a whole number')).toBeTruthy();
  });
});
