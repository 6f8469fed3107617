import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import type { Account } from '@keydeck/contract/accounts';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { InviteAdministratorModal } from './invite-administrator-modal';

/** On an account's page while nobody holds its Account Administrator role: says so, and invites one. */
export function AccountAdministratorNotice({ account }: { account: Account }) {
  const [inviting, setInviting] = useState(false);
  if (account.administrator_count > 0) return null;
  return (
    <Alert color="warning" variant="light" title="No administrator yet" data-testid="account-no-administrator">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Nobody can sign in to manage {account.name} until its first administrator is invited and sets a password.</Text>
        <Can permission={Permission.platformAdmin} mode="disable">
          <Button size="xs" onClick={() => setInviting(true)}>
            Invite an administrator
          </Button>
        </Can>
      </Group>
      <InviteAdministratorModal account={inviting ? account : null} onClose={() => setInviting(false)} />
    </Alert>
  );
}
