import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SecurityKey } from '@keydeck/contract/security-keys';
import { formatDateTime } from '../../../lib/datetime';
import { showToast } from '../../../lib/toasts';
import { useRegenerateRecoveryCodes } from '../api/mfa.api';
import { securityKeysQueryOptions, useRemoveSecurityKey } from '../api/security-keys.api';
import { PasswordConfirmModal } from './password-confirm-modal';
import { RecoveryCodesView } from './recovery-codes-view';
import { RenameSecurityKeyModal } from './rename-security-key-modal';
import { SecurityKeyRegistration } from './security-key-registration';

/**
 * Settings › Sign-in & MFA › Security keys: the user's WebAuthn keys, each a second factor of its own. Without
 * an authenticator app (whose card offers it otherwise) the recovery codes are renewed here.
 */
export function SecurityKeysCard({ ownsRecoveryCodes }: { ownsRecoveryCodes: boolean }) {
  const keys = useQuery(securityKeysQueryOptions);
  const remove = useRemoveSecurityKey();
  const regenerate = useRegenerateRecoveryCodes();
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<SecurityKey | null>(null);
  const [renaming, setRenaming] = useState<SecurityKey | null>(null);
  const [renewing, setRenewing] = useState(false);
  const count = keys.data?.length;

  const registered = (recoveryCodes: string[]) => {
    setAdding(false);
    setCodes(recoveryCodes.length > 0 ? recoveryCodes : null);
    showToast({ color: 'success', message: 'Security key added.' });
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4">
            Security keys
          </Title>
          {count === undefined ? (
            <Skeleton height={22} width={60} />
          ) : (
            <Badge color={count > 0 ? 'success' : 'secondary'} variant="dot" data-testid="security-keys-status">
              {count > 0 ? `${count} ${count === 1 ? 'key' : 'keys'}` : 'Off'}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {count
            ? 'Sign-in asks you to touch one of these keys after your password.'
            : 'Use a FIDO2 / WebAuthn security key (USB, NFC or built into your device) as your second factor.'}
        </Text>
        {count ? (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-label="Security keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Added</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data!.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Td fw={500}>{key.name}</Table.Td>
                    <Table.Td>{formatDateTime(key.created_at)}</Table.Td>
                    <Table.Td>{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="compact-sm" variant="subtle" onClick={() => setRenaming(key)} aria-label={`Rename ${key.name}`}>
                          Rename
                        </Button>
                        <Button size="compact-sm" color="error" variant="subtle" onClick={() => setRemoving(key)} aria-label={`Remove ${key.name}`}>
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {codes ? <RecoveryCodesView codes={codes} /> : null}
        {adding ? (
          <SecurityKeyRegistration onRegistered={registered} onCancel={() => setAdding(false)} />
        ) : count !== undefined ? (
          <Group gap="xs">
            <Button variant={count ? 'default' : 'filled'} onClick={() => setAdding(true)}>
              Add security key
            </Button>
            {count && ownsRecoveryCodes ? (
              <Button variant="default" onClick={() => setRenewing(true)}>
                New recovery codes
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <RenameSecurityKeyModal securityKey={renaming} onClose={() => setRenaming(null)} />
      <PasswordConfirmModal
        opened={renewing}
        title="New recovery codes"
        description="New codes replace all your current recovery codes, used or not."
        confirmLabel="Make new codes"
        pending={regenerate.isPending}
        onClose={() => setRenewing(false)}
        onConfirm={async (password) => {
          setCodes(await regenerate.mutateAsync(password));
          setRenewing(false);
          showToast({ color: 'success', message: 'New recovery codes made: save them now.' });
        }}
      />
      <PasswordConfirmModal
        opened={removing !== null}
        title="Remove security key"
        description={`“${removing?.name ?? ''}” will no longer sign you in. Removing your last second factor also ends your recovery codes.`}
        confirmLabel="Remove"
        color="error"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={async (password) => {
          await remove.mutateAsync({ id: removing!.id, password });
          setRemoving(null);
          showToast({ color: 'success', message: 'Security key removed.' });
        }}
      />
    </Card>
  );
}
