import '@mantine/core/styles/Switch.css';
import { Card, Switch, Text } from '@mantine/core';
import { Permission } from '@keydeck/contract/permissions';
import { Messages } from '@keydeck/contract/messages';
import { missingPermissionText, useCan } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useEnforceIpChange } from '../api/company.api';

/** Switches enforcement of the account's IP allowlist; the server refuses an empty list and asks before a lock-out. */
export function EnforceIpSwitch({ enforced }: { enforced: boolean | undefined }) {
  // Switching on is confirmed (its refusal, such as an empty list, stays in that dialog); switching off is not.
  const enforce = useEnforceIpChange(true);
  const relax = useEnforceIpChange();
  const allowed = useCan(Permission.allowlistManage);
  const switchTo = async (on: boolean) => {
    const changed = on
      ? await confirmAction(Messages.enforceAllowlistConfirm, () => enforce.mutateAsync(true))
      : await relax.mutateAsync(false).catch(() => null);
    // null: refused, or the user declined (ours or the server's own question: their address is outside the list).
    if (!changed) return;
    showToast({ color: 'success', message: on ? 'The IP allowlist is enforced now.' : 'The IP allowlist is no longer enforced.' });
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
        disabled={!allowed || enforced === undefined || enforce.isPending || relax.isPending}
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
