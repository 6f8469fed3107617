import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { accountQueryOptions } from '../../../lib/accounts.queries';
import { isNotFound, NotFoundNotice } from '../../../lib/ui/not-found-notice';
import { SectionNav } from '../../../lib/ui/section-nav';
import { useSetAccountDisabled } from '../api/accounts.api';
import { AccountAdministratorNotice } from '../components/account-administrator-notice';
import { AccountStatusBadge } from '../components/account-status-badge';

const LAYOUT_ID = '/shell/v2/admin/company-management/accounts/$account_id';
const route = getRouteApi(LAYOUT_ID);

/** An account's header (name, slug, status, enable/disable) above its sections, which are its child routes; the breadcrumbs lead back to all accounts. */
export function AccountLayoutPage() {
  const { account_id } = route.useParams();
  const account = useQuery(accountQueryOptions(account_id));
  const setDisabled = useSetAccountDisabled();

  const toggle = async () => {
    if (!account.data) return;
    const disabling = !account.data.disabled;
    const question = disabling
      ? `Disable the account ${account.data.name}? Its users are signed out and cannot sign in until it is enabled again.`
      : `Enable the account ${account.data.name}? Its users can sign in again.`;
    const changed = await confirmAction(question, () => setDisabled.mutateAsync({ id: account_id, disabled: disabling }));
    if (changed) showToast({ color: 'success', message: `Account ${changed.name} ${changed.disabled ? 'disabled' : 'enabled'}.` });
  };

  return (
    <Stack gap="lg">
      {account.data ? (
        <Group justify="space-between" align="flex-start" gap="md">
          <div style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                {account.data.name}
              </Title>
              <AccountStatusBadge disabled={account.data.disabled} />
            </Group>
            <Text c="dimmed" mt={4} size="sm">
              Slug <Text span ff="monospace">{account.data.account_slug}</Text> · Code{' '}
              <Text span ff="monospace">{account.data.account_code}</Text> · {account.data.user_count}{' '}
              {account.data.user_count === 1 ? 'user' : 'users'}
            </Text>
          </div>
          <Can permission={Permission.platformAdmin} mode="disable">
            <Button
              variant={account.data.disabled ? 'filled' : 'outline'}
              color={account.data.disabled ? 'primary' : 'error'}
              loading={setDisabled.isPending}
              onClick={() => void toggle()}
            >
              {account.data.disabled ? 'Enable account' : 'Disable account'}
            </Button>
          </Can>
        </Group>
      ) : isNotFound(account.error) ? (
        <NotFoundNotice message={Messages.accountNotFound} backTo="/v2/admin/company-management/accounts" backLabel="All accounts" />
      ) : account.isError ? (
        <Alert color="error" variant="light" title="The account could not be loaded">
          {account.error.message}
        </Alert>
      ) : (
        <Skeleton height={56} maw={420} aria-label="Loading the account" />
      )}
      {account.data ? <AccountAdministratorNotice account={account.data} /> : null}
      {account.data ? (
        <SectionNav layoutId={LAYOUT_ID} label="Account sections" />
      ) : null}
    </Stack>
  );
}
