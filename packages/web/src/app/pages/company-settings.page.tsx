import '@mantine/core/styles/SimpleGrid.css';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AllowlistPanel } from '../../features/allowlist/components/allowlist-panel';
import { companySettingsQueryOptions } from '../../features/company/api/company.api';
import { EnforceIpSwitch } from '../../features/company/components/enforce-ip-switch';
import { useSession } from '../../lib/session';

function Setting({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={22} mt={6} width="60%" />
      ) : (
        <Text fz="lg" fw={600} mt={4} data-testid={testId}>
          {value}
        </Text>
      )}
    </Card>
  );
}

/** Settings › Company settings: the account's settings (spec §3) and its IP allowlist. */
export function CompanySettingsPage() {
  const session = useSession();
  const settings = useQuery(companySettingsQueryOptions);
  const data = settings.data;
  return (
    <Stack gap="xl" maw={960}>
      <div>
        <Title order={1} fz="h2">
          Company settings
        </Title>
        <Text c="dimmed" mt={4}>
          {session?.company.name}: account settings and the addresses allowed to sign in.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Setting label="Account code" value={data?.account_code} testId="account-code" />
        <Setting label="Allowlist allowance" value={data === undefined ? undefined : `${data.admin_whitelist_allowance} entries`} testId="allowance" />
      </SimpleGrid>
      <EnforceIpSwitch enforced={data?.enforce_ip} />
      <AllowlistPanel />
    </Stack>
  );
}
