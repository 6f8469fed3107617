import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AllowlistPanel } from '../../features/allowlist/components/allowlist-panel';
import { companySettingsQueryOptions } from '../../features/company/api/company.api';
import { EnforceIpSwitch } from '../../features/company/components/enforce-ip-switch';
import { useSession } from '../../lib/session';
import { FactCard } from '../../lib/ui/fact-card';


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
        <FactCard label="Account code" value={data?.account_code} testId="account-code" />
        <FactCard label="Allowlist allowance" value={data === undefined ? undefined : `${data.admin_whitelist_allowance} entries`} testId="allowance" />
      </SimpleGrid>
      <EnforceIpSwitch enforced={data?.enforce_ip} />
      <AllowlistPanel />
    </Stack>
  );
}
