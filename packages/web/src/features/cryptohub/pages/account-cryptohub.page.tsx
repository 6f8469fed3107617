import '@mantine/core/styles/Skeleton.css';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { CryptoHubMessages } from '@keydeck/contract/cryptohub';
import { formatDateTime } from '../../../lib/datetime';
import { showToast } from '../../../lib/toasts';
import { tenancyQueryOptions, useSaveTenancy } from '../api/cryptohub.api';
import { HubTenancyForm } from '../components/hub-tenancy-form';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/cryptohub');

/** Account › CryptoHub: the hub product's tenancy of the account, its region, tier and quotas. */
export function AccountCryptoHubPage() {
  const { account_id } = route.useParams();
  const { data: tenancy, isPending } = useQuery(tenancyQueryOptions(account_id));
  const save = useSaveTenancy(account_id);

  if (isPending) return <Skeleton height={240} />;
  // A failed load is toasted centrally.
  if (!tenancy) return null;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h4">
          CryptoHub tenancy
        </Title>
        {tenancy.updated_at ? (
          <Text size="sm" c="dimmed" mt={4}>
            Last saved {formatDateTime(tenancy.updated_at)} by {tenancy.updated_by}.
          </Text>
        ) : null}
      </div>
      {tenancy.configured ? null : (
        <Alert color="info" variant="light">
          {CryptoHubMessages.notConfigured}
        </Alert>
      )}
      <HubTenancyForm
        key={tenancy.updated_at ?? 'new'}
        tenancy={tenancy}
        pending={save.isPending}
        onSubmit={async (body) => {
          await save.mutateAsync(body);
          showToast({ color: 'success', message: CryptoHubMessages.saved });
        }}
      />
    </Stack>
  );
}
