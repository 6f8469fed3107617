import { getRouteApi, useMatch } from '@tanstack/react-router';
import { useListSearch } from '../../../lib/ui/list-search';
import { SyslogConfigsPanel } from '../components/syslog-configs-panel';

const accountTab = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/syslog-server-configs');
const settings = getRouteApi('/shell/v2/home/settings/syslog-server-configs/$account_id');

/**
 * Settings › Syslog (the user's own account) and the admin account tab syslog-server-configs: the same
 * screen; both routes carry $account_id and the list state in the URL.
 */
export function SyslogConfigsPage() {
  const inAccountTabs = useMatch({ from: accountTab.id, shouldThrow: false }) !== undefined;
  const route = inAccountTabs ? accountTab : settings;
  const { account_id } = route.useParams();
  const list = useListSearch(route);
  return <SyslogConfigsPanel accountId={account_id} list={list} headingOrder={inAccountTabs ? 2 : 1} />;
}
