import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { showToast } from '../../../lib/toasts';
import { accountQueryOptions } from '../../../lib/accounts.queries';
import { useUpdateAccount } from '../api/accounts.api';
import { AccountForm } from '../components/account-form';
import { AccountMarketplace } from '../components/account-marketplace';
import { AccountOAuthPolicy } from '../components/account-oauth-policy';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/company');

/** Account › Company: the account's fields and policies (PUT admin/accounts). */
export function AccountCompanyPage() {
  const { account_id } = route.useParams();
  const account = useQuery(accountQueryOptions(account_id));
  const update = useUpdateAccount();
  if (!account.data) return null;
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
        <Text fw={600} mb="md">
          Company details
        </Text>
        <AccountMarketplace accountId={account_id} />
        <AccountForm
          // A saved change re-keys the form, so it shows what the server stored.
          key={`${account.data.id}-${JSON.stringify(account.data)}`}
          account={account.data}
          submitLabel="Save changes"
          pending={update.isPending}
          onSubmit={async (fields) => {
            const saved = await update.mutateAsync({ id: account_id, ...fields });
            showToast({ color: 'success', message: `Account ${saved.name} saved.` });
          }}
        />
      </Paper>
      <AccountOAuthPolicy accountId={account_id} />
    </Stack>
  );
}
