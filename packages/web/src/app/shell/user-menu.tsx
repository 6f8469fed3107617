import { useState } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { AuthInfo } from '@keydeck/contract/auth';
import { ChangePasswordModal } from '../../features/auth/components/change-password-modal';
import { useSignOut } from '../../lib/sign-out';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The signed-in user's name, opening a menu with their details, a password change and sign-out. */
export function UserMenu({ session }: { session: AuthInfo }) {
  const signOut = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Account menu for ${session.user.name}`} data-testid="user-menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar color="primary" radius="xl" size={32}>
                {initials(session.user.name)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="xs" truncate maw={180}>
                {session.user.name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {session.user.name}
            </Text>
            <Text size="xs" truncate>
              {session.user.email}
            </Text>
            <Text size="xs" truncate>
              {session.company.name}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item onClick={() => setChangingPassword(true)}>Change password</Menu.Item>
          <Menu.Item onClick={signOut.run} disabled={signOut.pending}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
