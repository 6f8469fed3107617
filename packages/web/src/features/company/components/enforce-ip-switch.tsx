import '@mantine/core/styles/Switch.css';
import { Card, Switch, Text } from '@mantine/core';
import { Permission } from '@keydeck/contract/permissions';
import { Messages } from '@keydeck/contract/messages';
import { missingPermissionText, useCan } from '../../../lib/can';
import { confirm } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useEnforceIpChange } from '../api/company.api';

/** Switches enforcement of the account's IP allowlist; the server refuses an empty list and asks before a lock-out. */
export function EnforceIpSwitch({ enforced }: { enforced: boolean | undefined }) {
  const change = useEnforceIpChange();
  const allowed = useCan(Permission.allowlistManage);
  const switchTo = async (enforce: boolean) => {
    if (enforce && !(await confirm(Messages.enforceAllowlistConfirm))) return;
    // null: the user declined the server's own question (their address is outside the list).
    if ((await change.mutateAsync(enforce)) === null) return;
    showToast({ color: 'success', message: enforce ? 'The IP allowlist is enforced now.' : 'The IP allowlist is no longer enforced.' });
  };
  return (
    <Card withBorder padding="md">
      <Switch
        label="Enforce the IP allowlist"
        description={
          allowed
            ? 'When on, sign-in and every call from an address outside the list are refused.'
            : missingPermissionText(Permission.allowlistManage)
        }
        checked={enforced ?? false}
        disabled={!allowed || enforced === undefined || change.isPending}
        onChange={(event) => void switchTo(event.currentTarget.checked)}
        data-testid="enforce-ip-switch"
      />
      {enforced !== undefined && (
        <Text size="sm" mt="xs" fw={600} c={enforced ? 'success' : 'dimmed'} data-testid="enforce-ip">
          {enforced ? 'Enforced' : 'Not enforced'}
        </Text>
      )}
    </Card>
  );
}
