import { describe, expect, it } from 'vitest';
import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Permission } from '@keydeck/contract/permissions';
import { renderWithSession, sessionWith } from '../test/render';
import { Can } from './can';

/** What a role, credential or OAuth client carries must be held too: the server refuses the change otherwise. */
describe('Can with what an object carries', () => {
  const action = (carries: string[]) => (
    <Can permission={Permission.rolesManage} mode="disable" carries={carries}>
      <Button>Delete</Button>
    </Can>
  );

  it('leaves the action live when the user holds everything it carries', () => {
    renderWithSession(action(['users:read']), sessionWith(['roles:manage', 'users:read']));
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('makes it inert, saying which permissions the user lacks, when the object carries more', async () => {
    renderWithSession(action(['users:read', 'company:manage', 'audit:read']), sessionWith(['roles:manage', 'users:read']));
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseEnter(button);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('This carries permissions you do not hold (audit:read, company:manage)'));
  });
});
