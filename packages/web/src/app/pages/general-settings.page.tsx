import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { companySettingsQueryOptions } from '../../features/company/api/company.api';
import { LicensesList } from '../../features/licenses/components/licenses-list';
import { useSession } from '../../lib/session';
import { FactCard } from '../../lib/ui/fact-card';
import { useListSearch } from '../../lib/ui/list-search';

const route = getRouteApi('/shell/v2/home/settings/general');


/** Settings › General: who the company is on the platform, and the licenses it holds (read-only). */
export function GeneralSettingsPage() {
  const session = useSession();
  const settings = useQuery(companySettingsQueryOptions);
  const { state: search, onChange } = useListSearch(route);
  return (
    <Stack gap="xl" maw={1100}>
      <div>
        <Title order={1} fz="h2">
          General
        </Title>
        <Text c="dimmed" mt={4}>
          Your company on the platform and the licenses it holds.
        </Text>
      </div>
      <section aria-labelledby="general-company">
        <Title order={2} fz="h4" id="general-company" mb="sm">
          Company
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <FactCard label="Name" value={session?.company.name} />
          <FactCard label="Account slug" value={session?.company.account_slug} mono />
          <FactCard label="Account code" value={settings.data?.account_code} mono />
        </SimpleGrid>
      </section>
      <section aria-labelledby="general-licenses">
        <Title order={2} fz="h4" id="general-licenses">
          Licenses
        </Title>
        <Text c="dimmed" size="sm" mt={4} mb="sm">
          Granted by the platform operator; contact them to change a license.
        </Text>
        {session ? <LicensesList accountId={session.company.id} state={search} onChange={onChange} /> : null}
      </section>
    </Stack>
  );
}
