import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';
import type { User } from '@keydeck/contract/users';

/** A badge's label ellipsis lets a squeezed table column cut "Offline" to "OF…"; the full word always shows. */
export const NO_TRUNCATION = { label: { overflow: 'visible' } } as const;

/**
 * Online or Offline (spec §3), and Invited (no password chosen yet) and Disabled beside it. The dot only decorates: the word says the state,
 * so it reads the same without color and to a screen reader.
 */
export function UserStatusBadges({ user }: { user: Pick<User, 'status' | 'disabled' | 'invited'> }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="dot" color={user.status === 'Online' ? 'success' : 'secondary'} styles={NO_TRUNCATION} data-testid="user-status">
        {user.status}
      </Badge>
      {user.invited ? (
        <Badge variant="light" color="info" styles={NO_TRUNCATION}>
          Invited
        </Badge>
      ) : null}
      {user.disabled ? (
        <Badge variant="light" color="error" styles={NO_TRUNCATION}>
          Disabled
        </Badge>
      ) : null}
    </Group>
  );
}
