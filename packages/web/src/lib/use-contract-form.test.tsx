import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { z } from 'zod';
import { renderWithSession, sessionWith } from '../test/render';
import { ContractForm } from './ui/contract-form';
import { NumberField } from './ui/number-field';
import { TextField } from './ui/text-fields';
import { useContractForm } from './use-contract-form';

const schema = z.object({ port: z.number().int(), name: z.string().min(1, 'Enter the name') });

function PortForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => Promise<unknown> }) {
  const form = useContractForm({ schema, defaultValues: { port: undefined, name: '' }, onSubmit });
  return (
    <ContractForm form={form} aria-label="Port">
      <NumberField name="port" label="Port" />
      <TextField name="name" label="Name" />
      <button type="submit">Save</button>
    </ContractForm>
  );
}

describe('useContractForm', () => {
  it('asks in words for an empty number, keeps the contract’s own message, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithSession(<PortForm onSubmit={onSubmit} />, sessionWith([]));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(screen.getByText('Enter the name')).toBeTruthy();
    expect(screen.queryByText(/expected number/)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
