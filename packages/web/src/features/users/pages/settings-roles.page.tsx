import { getRouteApi } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { RolesPanel } from '../components/roles-panel';

const route = getRouteApi('/shell/v2/home/settings/users/roles');

/** Settings › Users › Roles: the caller's account's roles. */
export function SettingsRolesPage() {
  const { state, onChange } = useListSearch(route);
  return <RolesPanel state={state} onChange={onChange} />;
}
