import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import { BUILT_IN_ROLES, Permission } from '@keydeck/contract/permissions';
import type { Role } from '@keydeck/contract/roles';
import type { User } from '@keydeck/contract/users';
import { ApiError } from '../../../lib/api-error';
import { renderWithSession, sessionWith } from '../../../test/render';
import { ROLE_NOT_GRANTABLE, UserForm } from './user-form';

const HELD = [...BUILT_IN_ROLES.readOnly.permissions, Permission.usersManage];
const role = (id: number, name: string, permissions: readonly string[], built_in = false): Role => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  permissions: [...permissions],
  built_in,
  user_count: 0,
});
const admin = role(1, 'Account Administrator', BUILT_IN_ROLES.accountAdministrator.permissions, true);
const readOnly = role(2, 'Read-only', BUILT_IN_ROLES.readOnly.permissions, true);
const ROLES = [admin, readOnly];

const existing: User = {
  id: '00000000-0000-4000-8000-0000000000aa',
  username: 'grace',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  group: 'Account Administrator',
  roles: [{ id: admin.id, name: admin.name }],
  status: 'Offline',
  disabled: false,
  mfa_enforced: false,
  account_code: 'DEMO01',
  created_at: '2025-01-01T00:00:00.000Z',
  last_seen_at: null,
  invited: false,
  factors: { authenticator_app: false, security_keys: 0 },
  platform_admin: false,
};

function renderForm(props: Partial<Parameters<typeof UserForm>[0]> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn().mockResolvedValue(undefined);
  renderWithSession(
    <UserForm roles={ROLES} held={HELD} pending={false} submitLabel="Save" {...props} onSubmit={onSubmit} />,
    sessionWith(HELD),
  );
  return onSubmit;
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

/** The dropdown opens with a transition that jsdom never finishes, so its options count as hidden. */
async function openRoles() {
  fireEvent.click(screen.getByRole('combobox', { name: 'Roles' }));
  return screen.findByRole('listbox', { hidden: true });
}

describe('UserForm', () => {
  it('checks the invitation with the contract before sending', async () => {
    const onSubmit = renderForm();
    type(/Username/, 'x');
    type(/Email/, 'not-an-email');
    save();
    expect(await screen.findByText(/A username is 2-100 letters/)).toBeTruthy();
    expect(screen.getByText('Enter the name')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends an invitation with the roles chosen and MFA', async () => {
    const onSubmit = renderForm();
    type(/Username/, 'ada.l');
    type(/^Name/, 'Ada Lovelace');
    type(/Email/, 'ada@example.com');
    fireEvent.click(within(await openRoles()).getByText('Read-only'));
    fireEvent.click(screen.getByRole('switch', { name: /Require multi-factor sign-in/ }));
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ username: 'ada.l', name: 'Ada Lovelace', email: 'ada@example.com', roles: [readOnly.id], mfa_enforced: true }),
    );
  });

  it('offers no role whose permissions the user does not hold, and says why', async () => {
    renderForm();
    const list = await openRoles();
    const option = within(list).getByRole('option', { name: /Account Administrator/, hidden: true });
    expect(option.hasAttribute('data-combobox-disabled')).toBe(true);
    expect(option.textContent).toContain(ROLE_NOT_GRANTABLE);
    expect(within(list).getByRole('option', { name: 'Read-only', hidden: true }).hasAttribute('data-combobox-disabled')).toBe(false);
  });

  it('puts the server’s users.0.username error on the Username field', async () => {
    const taken = new ApiError(400, { message: Messages.invalidRequest, errors: { 'users.0.username': [Messages.usernameTaken] } }, {}, Messages.invalidRequest);
    renderForm({ onSubmit: vi.fn().mockRejectedValue(taken) });
    type(/Username/, 'demo.admin');
    type(/^Name/, 'Someone');
    type(/Email/, 'someone@example.com');
    save();
    expect(await screen.findByText(Messages.usernameTaken)).toBeTruthy();
    expect(screen.getByLabelText(/Username/).getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a user: username fixed, a role held but not grantable kept, disabled sent', async () => {
    const onSubmit = renderForm({ user: existing });
    expect((screen.getByLabelText(/Username/) as HTMLInputElement).readOnly).toBe(true);
    const list = await openRoles();
    // The user already has it: keeping or removing it is allowed.
    expect(within(list).getByRole('option', { name: 'Account Administrator', hidden: true }).hasAttribute('data-combobox-disabled')).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: /Disabled/ }));
    type(/^Name/, 'Grace B. Hopper');
    save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Grace B. Hopper', email: 'grace@example.com', roles: [admin.id], mfa_enforced: false, disabled: true }),
    );
  });

  it('shows a refusal without field errors (last administrator) above the form', async () => {
    const refusal = new ApiError(400, { message: Messages.lastAdministrator, error: 'last_administrator' }, {}, Messages.lastAdministrator);
    renderForm({ user: existing, onSubmit: vi.fn().mockRejectedValue(refusal) });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.lastAdministrator);
  });
});
