import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { allowedFlowsQueryOptions } from '../../../lib/allowed-flows.queries';
import { showToast } from '../../../lib/toasts';
import { useSaveAllowedFlows } from '../api/allowed-flows.api';
import { AllowedFlowsForm } from '../components/allowed-flows-form';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/allowed-flows');

/** Account › Allowed flows: which sign-in methods the account's users may use. */
export function AccountAllowedFlowsPage() {
  const { account_id } = route.useParams();
  const flows = useQuery(allowedFlowsQueryOptions(account_id));
  const save = useSaveAllowedFlows(account_id);
  return (
    <Stack gap="md" maw={760}>
      <div>
        <Title order={2} fz="h4">
          Allowed sign-in methods
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          How this account's users may sign in. A method that is off disappears from the account's sign-in page and is
          refused by the server; second factors still apply to whichever method is used. At least one stays allowed.
        </Text>
      </div>
      {flows.data ? (
        <AllowedFlowsForm
          // A saved change re-keys the form, so it shows what the server stored.
          key={JSON.stringify(flows.data)}
          flows={flows.data}
          pending={save.isPending}
          onSubmit={async (values) => {
            await save.mutateAsync(values);
            showToast({ color: 'success', message: 'Allowed sign-in methods saved.' });
          }}
        />
      ) : (
        <Skeleton height={150} radius="md" aria-hidden="true" />
      )}
    </Stack>
  );
}
