import '@mantine/core/styles/Tabs.css';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useSession } from '../../../lib/session';
import { useListSearch } from '../../../lib/ui/list-search';
import { RolesPanel } from '../components/roles-panel';
import { UsersPanel } from '../components/users-panel';
import { rolesListState, usersListState, USERS_SETTINGS_TABS, type UsersSettingsTab } from '../users-settings.search';

const route = getRouteApi('/shell/v2/home/settings/users');

const isTab = (value: string | null): value is UsersSettingsTab => USERS_SETTINGS_TABS.includes(value as UsersSettingsTab);

/** Settings › Users: the account's users and its roles, as two tabs; the URL says which tab and which page. */
export function UsersSettingsPage() {
  const session = useSession();
  const { state: search, onChange } = useListSearch(route);
  const navigate = route.useNavigate();
  // Each tab's list starts on its first page, in its default order.
  const showTab = (tab: UsersSettingsTab) => void navigate({ search: (prev) => ({ tab, page_size: prev.page_size }) as typeof prev });

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
      <Tabs value={search.tab} onChange={(value) => isTab(value) && showTab(value)} keepMounted={false}>
        <Tabs.List aria-label="Users and roles">
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="roles">Roles</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="lg">
          <UsersPanel state={usersListState(search)} onChange={onChange} />
        </Tabs.Panel>
        <Tabs.Panel value="roles" pt="lg">
          <RolesPanel state={rolesListState(search)} onChange={onChange} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
