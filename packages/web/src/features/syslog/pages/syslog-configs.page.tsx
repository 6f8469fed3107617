import { useCallback } from 'react';
import { useMatch, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { syslogConfigsListQuery } from '@keydeck/contract/syslog';
import { lenientSearch } from '../../../lib/ui/list-search';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { SyslogConfigsPanel } from '../components/syslog-configs-panel';

const ACCOUNT_TAB_ID = '/shell/v2/admin/company-management/accounts/$account_id/syslog-server-configs';
const readSearch = lenientSearch(syslogConfigsListQuery);

/**
 * Settings › Syslog (the user's own account) and the admin account tab syslog-server-configs: the same
 * screen; both routes carry $account_id and the list state in the URL.
 */
export function SyslogConfigsPage() {
  const { account_id } = useParams({ strict: false });
  const search = readSearch(useSearch({ strict: false }));
  const inAccountTabs = useMatch({ from: ACCOUNT_TAB_ID, shouldThrow: false }) !== undefined;
  const navigate = useNavigate();
  const onChange = useCallback(
    // validateSearch re-checks whatever lands in the URL.
    (patch: ListStatePatch) => void navigate({ to: '.', search: (prev) => ({ ...prev, ...patch }) as typeof prev }),
    [navigate],
  );
  if (!account_id) return null;
  return <SyslogConfigsPanel accountId={account_id} list={{ state: search, onChange }} headingOrder={inAccountTabs ? 2 : 1} />;
}
