import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { RouteTabs } from '../../../lib/ui/route-tabs';

/** Settings › Users: the account's users and its roles, one tab (child route) each, with its own page in the URL. */
export function UsersSettingsPage() {
  const session = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Users
        </Title>
        <Text c="dimmed" mt={4}>
          {session?.company.name}: who can sign in, and the roles that say what they may do.
        </Text>
      </div>
      <RouteTabs layoutId="/shell/v2/home/settings/users" label="Users and roles" />
    </Stack>
  );
}
