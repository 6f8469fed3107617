import '@mantine/core/styles/Paper.css';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OffboardingStatus } from '@keydeck/contract/offboarding';
import { formatDateTime } from '../../../lib/datetime';
import { DeleteAccountDialog } from './delete-account-dialog';

interface OffboardingStepsProps {
  account: { name: string; account_slug: string };
  status: OffboardingStatus;
  exporting: boolean;
  deleting: boolean;
  onExport: () => void;
  onDelete: (slug: string) => void;
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`offboarding-step-${number}`}>
      <Stack gap="sm">
        <Title order={3} fz="h5" id={`offboarding-step-${number}`}>
          Step {number}: {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The two guarded steps of offboarding: export first, then delete by typing the slug. */
export function OffboardingSteps({ account, status, exporting, deleting, onExport, onDelete }: OffboardingStepsProps) {
  const [confirming, setConfirming] = useState(false);
  if (status.platform_account) {
    return (
      <Alert color="info" variant="light" title="The platform account cannot be offboarded">
        It holds the platform administrators and the platform's own audit log.
      </Alert>
    );
  }
  return (
    <Stack gap="md" maw={760}>
      <Step number={1} title="Export account data">
        <Text size="sm">
          Download everything the account holds as one JSON file: company, users (without passwords), roles, allowlist,
          features, port ranges, licenses, syslog servers and the audit log. Hand it to the customer or archive it.
        </Text>
        <Group gap="md">
          <Button variant="outline" loading={exporting} onClick={onExport}>
            Export account data
          </Button>
          <Text size="sm" c="dimmed" data-testid="export-state">
            {status.exported_at ? `Last exported ${formatDateTime(status.exported_at)}` : 'Not exported yet'}
          </Text>
        </Group>
      </Step>
      <Step number={2} title="Delete account">
        <Text size="sm">
          Deletes the account and everything it owns. Possible for 24 hours after an export
          {status.export_valid_until && status.can_delete ? ` (until ${formatDateTime(status.export_valid_until)})` : ''}.
        </Text>
        {!status.can_delete ? (
          <Text size="sm" c="dimmed">
            {status.exported_at ? 'The last export is more than 24 hours old: export again first.' : 'Export the account data first.'}
          </Text>
        ) : null}
        <Group>
          <Button color="error" disabled={!status.can_delete} onClick={() => setConfirming(true)}>
            Delete account
          </Button>
        </Group>
      </Step>
      <DeleteAccountDialog
        opened={confirming}
        account={account}
        pending={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </Stack>
  );
}
