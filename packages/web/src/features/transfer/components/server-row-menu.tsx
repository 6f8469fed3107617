import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Button, Group, Menu } from '@mantine/core';
import type { TransferServer } from '@keydeck/contract/transfer';

export type ServerRowAction = 'test' | 'trust' | 'public-key' | 'edit' | 'delete';

/** What can be done to one server: a host key awaiting confirmation is offered for review, a key sign-in shows its public key. */
export function serverActions(server: TransferServer): { action: ServerRowAction; label: string; danger?: boolean }[] {
  const awaiting = server.host_key?.state === 'pending' || server.host_key?.state === 'changed';
  return [
    ...(awaiting ? [{ action: 'trust' as const, label: server.host_key?.state === 'changed' ? 'Review the new host key…' : 'Compare and trust host key…' }] : []),
    ...(server.client_public_key ? [{ action: 'public-key' as const, label: 'Show public key' }] : []),
    { action: 'edit' as const, label: 'Edit…' },
    { action: 'delete' as const, label: 'Delete…', danger: true },
  ];
}

/** The connection test, the action used most, as a button; the others in a menu. */
export function ServerRowMenu({ server, testing, onAction }: { server: TransferServer; testing: boolean; onAction: (action: ServerRowAction) => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="light" loading={testing} onClick={() => onAction('test')} aria-label={`Test the connection to ${server.name}`}>
        Test
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="subtle" aria-label={`More actions for ${server.name}`}>
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {serverActions(server).map(({ action, label, danger }) => (
            <Menu.Item key={action} color={danger ? 'error' : undefined} onClick={() => onAction(action)}>
              {label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
