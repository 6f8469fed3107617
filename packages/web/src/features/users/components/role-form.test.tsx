import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import { Permission, PERMISSION_DESCRIPTIONS } from '@keydeck/contract/permissions';
import { ROLE_PERMISSIONS, type Role } from '@keydeck/contract/roles';
import { ApiError } from '../../../lib/api-error';
import { renderWithSession, sessionWith } from '../../../test/render';
import { NOT_HELD_TEXT } from './permission-checklist';
import { RoleForm } from './role-form';

const box = (permission: keyof typeof PERMISSION_DESCRIPTIONS) =>
  screen.getByRole('checkbox', { name: PERMISSION_DESCRIPTIONS[permission] }) as HTMLInputElement;

const HELD = [Permission.usersRead, Permission.usersManage, Permission.rolesManage, Permission.auditRead];

const custom: Role = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Auditors',
  permissions: [Permission.auditRead, Permission.syslogManage],
  built_in: false,
  user_count: 2,
};

function renderForm(props: Partial<Parameters<typeof RoleForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn().mockResolvedValue(undefined);
  renderWithSession(<RoleForm held={HELD} pending={false} submitLabel="Save role" {...props} onSubmit={onSubmit} />, sessionWith(HELD));
  return onSubmit;
}

describe('RoleForm permission checklist', () => {
  it('lists every role permission by its description, grouped', () => {
    renderForm();
    expect(screen.getAllByRole('checkbox')).toHaveLength(ROLE_PERMISSIONS.length);
    expect(screen.getByRole('group', { name: 'Users and roles' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: PERMISSION_DESCRIPTIONS[Permission.platformAdmin] })).toBeNull();
  });

  it('disables the permissions the user does not hold, and says why', () => {
    renderForm();
    expect(box(Permission.usersManage).disabled).toBe(false);
    expect(box(Permission.companyManage).disabled).toBe(true);
    expect(box(Permission.servicesRead).disabled).toBe(true);
    // The reason is part of the box's description, so keyboard and screen-reader users get it too.
    const describedBy = box(Permission.companyManage).getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0]!)?.textContent).toContain(NOT_HELD_TEXT);
    expect(document.getElementById(box(Permission.usersManage).getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).not.toContain(
      NOT_HELD_TEXT,
    );
  });

  it('keeps a saved permission the user does not hold changeable: it may be removed and put back', async () => {
    const onSubmit = renderForm({ role: custom });
    const syslog = box(Permission.syslogManage);
    expect(syslog.checked).toBe(true);
    expect(syslog.disabled).toBe(false);
    fireEvent.click(syslog);
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Auditors', permissions: [Permission.auditRead] }));
  });

  it('sends the name and the permissions checked', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText(/Role name/), { target: { value: '  Helpdesk ' } });
    fireEvent.click(box(Permission.usersRead));
    fireEvent.click(box(Permission.usersManage));
    fireEvent.click(box(Permission.companyManage)); // disabled: nothing happens
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Helpdesk', permissions: [Permission.usersRead, Permission.usersManage] }));
  });

  it('asks for a name before sending, and puts the server’s roles.0.name error on the field', async () => {
    const taken = new ApiError(400, { message: Messages.invalidRequest, errors: { 'roles.0.name': [Messages.roleNameTaken] } }, {}, Messages.invalidRequest);
    const onSubmit = renderForm({ onSubmit: vi.fn().mockRejectedValue(taken) });
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Enter the role name')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Role name/), { target: { value: 'Read-only' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText(Messages.roleNameTaken)).toBeTruthy();
    expect(screen.getByLabelText(/Role name/).getAttribute('aria-invalid')).toBe('true');
    // The name sits above a long checklist: focus takes the user to it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Role name/)));
  });

  it('shows a built-in role read-only: what it includes, nothing to change or save', () => {
    renderForm({ role: { ...custom, name: 'Read-only', built_in: true }, readOnly: true });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save role' })).toBeNull();
    const included = screen.getAllByTestId('permission-view').filter((item) => item.dataset.included === 'true');
    expect(included.map((item) => item.textContent)).toEqual([
      expect.stringContaining(`${PERMISSION_DESCRIPTIONS[Permission.auditRead]} (included)`),
      expect.stringContaining(`${PERMISSION_DESCRIPTIONS[Permission.syslogManage]} (included)`),
    ]);
    expect(screen.queryByText(new RegExp(NOT_HELD_TEXT))).toBeNull();
  });
});
