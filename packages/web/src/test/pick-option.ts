import { fireEvent, screen, within } from '@testing-library/react';

/** Opens a select of the dialog by its label and picks an option (its list is in a portal), typing `search` first when given. */
export async function pickOption(dialog: HTMLElement, label: string, option: string, search?: string) {
  const input = within(dialog).getByLabelText(label, { exact: false, selector: 'input' });
  input.focus();
  fireEvent.click(input);
  if (search !== undefined) fireEvent.change(input, { target: { value: search } });
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}
