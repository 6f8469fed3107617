import { Stack, Text, Title } from '@mantine/core';
import { hasPermission } from '@keydeck/contract/permissions';
import { useSession } from '../../../lib/session';
import { RouteTabs } from '../../../lib/ui/route-tabs';

/** Approvals: the requests waiting for the user's decision, their own, and (with company:read) the account's policies. */
export function ApprovalsPage() {
  const session = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Approvals
        </Title>
        <Text c="dimmed" mt={4} maw={760}>
          Approvals are dual control: an operation the account’s policy guards runs only once other people have approved it. The requester can never
          approve their own request, and a change of the call’s parameters needs a new request.
        </Text>
      </div>
      <RouteTabs
        layoutId="/shell/home/approvals"
        label="Approvals"
        shows={(tab) => tab.permission === undefined || (session !== null && hasPermission(session.permissions, tab.permission))}
      />
    </Stack>
  );
}
