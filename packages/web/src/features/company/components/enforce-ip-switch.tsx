import '@mantine/core/styles/Switch.css';
import { Card, Switch, Text } from '@mantine/core';
import { Permission } from '@keydeck/contract/permissions';
import { missingPermissionText, useCan } from '../../../lib/can';
import { useEnforceIpChange } from '../api/company.api';

/** Switches enforcement of the account's IP allowlist; the server refuses an empty list and asks before a lock-out. */
export function EnforceIpSwitch({ enforced }: { enforced: boolean | undefined }) {
  const change = useEnforceIpChange();
  const allowed = useCan(Permission.allowlistManage);
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
        onChange={(event) => change.mutate(event.currentTarget.checked)}
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
