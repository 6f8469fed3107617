import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithSession, sessionWith } from '../../test/render';
import { RowActions } from './row-actions';

describe('RowActions', () => {
  it('deletes a row that may go', () => {
    const onDelete = vi.fn();
    renderWithSession(<RowActions name="fra1" onEdit={vi.fn()} onDelete={onDelete} deleting={false} />, sessionWith([]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete fra1' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('keeps a row that may not go: Delete stays focusable but inert, and says why', async () => {
    const onDelete = vi.fn();
    const why = 'Provisioner builtin-vm hosts 2 cloud HSM(s): drain it and deprovision them first';
    renderWithSession(<RowActions name="builtin-vm" onDelete={onDelete} deleting={false} cannotDelete={why} />, sessionWith([]));
    const remove = screen.getByRole('button', { name: 'Delete builtin-vm' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(remove.hasAttribute('disabled')).toBe(false);
    fireEvent.click(remove);
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.mouseEnter(remove);
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});
