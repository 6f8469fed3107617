import { getRouteApi } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { UsersPanel } from '../components/users-panel';

const route = getRouteApi('/shell/v2/home/settings/users/');

/** Settings › Users › Users: the caller's account's users. */
export function SettingsUsersPage() {
  const { state, onChange } = useListSearch(route);
  return <UsersPanel state={state} onChange={onChange} />;
}
