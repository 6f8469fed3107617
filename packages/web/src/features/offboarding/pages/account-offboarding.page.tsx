import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { accountsListQuery } from '@keydeck/contract/accounts';
import { showToast } from '../../../lib/toasts';
import { accountQueryOptions } from '../../../lib/accounts.queries';
import { offboardingStatusQueryOptions, useExportAccount, useOffboardAccount } from '../api/offboarding.api';
import { saveJsonFile } from '../../../lib/save-file';
import { exportFilename } from '../components/export-filename';
import { OffboardingSteps } from '../components/offboarding-steps';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/account-offboarding');

/** Account › Offboarding: export the account's data, then delete the account. */
export function AccountOffboardingPage() {
  const { account_id } = route.useParams();
  const navigate = useNavigate();
  const account = useQuery(accountQueryOptions(account_id));
  const status = useQuery(offboardingStatusQueryOptions(account_id));
  const exportData = useExportAccount(account_id);
  const offboard = useOffboardAccount(account_id);

  const runExport = async () => {
    const exported = await exportData.mutateAsync().catch(() => null);
    if (!exported) return;
    saveJsonFile(exportFilename(exported.account.account_slug, exported.exported_at), exported);
    showToast({ color: 'success', message: `Exported the data of ${exported.account.name}.` });
  };

  const runDelete = async (slug: string) => {
    const deleted = await offboard.mutateAsync(slug).catch(() => null);
    if (!deleted) return;
    showToast({ color: 'success', message: `Account ${deleted.account_slug} deleted.` });
    // The list's first page in its default order (defaults are left out of the URL).
    await navigate({ to: '/v2/admin/company-management/accounts', search: accountsListQuery.parse({}) });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h4">
          Offboarding
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Remove a customer from the platform: first export their data, then delete the account.
        </Text>
      </div>
      {account.data && status.data ? (
        <OffboardingSteps
          account={account.data}
          status={status.data}
          exporting={exportData.isPending}
          deleting={offboard.isPending}
          onExport={() => void runExport()}
          onDelete={(slug) => void runDelete(slug)}
        />
      ) : status.isError ? (
        <Alert color="error" variant="light" title="The offboarding status could not be loaded">
          {status.error.message}
        </Alert>
      ) : (
        <Skeleton height={240} maw={760} aria-label="Loading" />
      )}
    </Stack>
  );
}
