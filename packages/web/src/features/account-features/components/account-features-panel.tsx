import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Skeleton.css';
import { Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FEATURE_NAMES, FEATURES, isFeatureOn, type FeatureName } from '@keydeck/contract/features';
import { Permission } from '@keydeck/contract/permissions';
import { missingPermissionText, useCan } from '../../../lib/can';
import { showToast } from '../../../lib/toasts';
import { QueryErrorAlert } from '../../../lib/ui/query-error-alert';
import { accountFeaturesQueryOptions, useToggleFeature } from '../api/account-features.api';

/** Every known feature (contract FEATURES) with what it unlocks and a switch; the change is saved at once. */
export function AccountFeaturesPanel({ accountId }: { accountId: string }) {
  const features = useQuery(accountFeaturesQueryOptions(accountId));
  const toggle = useToggleFeature(accountId);
  const allowed = useCan(Permission.platformAdmin);

  const change = (name: FeatureName, value: boolean) =>
    toggle.mutate(
      { name, value },
      { onSuccess: () => showToast({ color: 'success', message: `Feature ${name} turned ${value ? 'on' : 'off'}.` }) },
    );

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h4">
          Features
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          What this account may use. A change applies as soon as the switch moves.
        </Text>
        {allowed ? null : (
          <Text size="sm" mt={4}>
            {missingPermissionText(Permission.platformAdmin)}
          </Text>
        )}
      </div>
      <QueryErrorAlert title="The features could not be loaded" query={features} />
      <Paper withBorder radius="md">
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Account features">
          {FEATURE_NAMES.map((name, index) => (
            <li key={name} style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}>
              <Group justify="space-between" wrap="nowrap" gap="md" px="md" py="sm">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" ff="monospace">
                    {name}
                  </Text>
                  <Text size="sm" c="dimmed" id={`feature-${name}-description`}>
                    {FEATURES[name]}
                  </Text>
                </div>
                {features.data ? (
                  <Switch
                    aria-label={name}
                    aria-describedby={`feature-${name}-description`}
                    checked={isFeatureOn(features.data, name)}
                    disabled={!allowed || (toggle.isPending && toggle.variables.name === name)}
                    onChange={(event) => change(name, event.currentTarget.checked)}
                  />
                ) : (
                  <Skeleton height={20} width={36} radius="xl" aria-hidden="true" />
                )}
              </Group>
            </li>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
