import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@keydeck/contract/audit';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListState, ListStatePatch } from '../../../lib/ui/list-search';
import { cloudHsmAuditQueryOptions } from '../api/cloud-hsm-management.api';
import type { AuditTrailSearch } from '../cloud-hsms.search';

/** What each audited change of an HSM means, in words; an action not listed shows as recorded. */
const ACTIONS: Record<string, string> = {
  'cloud_hsm.request': 'Requested',
  'cloud_hsm.provisioned': 'Provisioned',
  'cloud_hsm.provisioning_failed': 'Provisioning failed',
  'cloud_hsm.deprovision': 'Deprovisioning requested',
  'cloud_hsm.deprovisioned': 'Deprovisioned',
  'cloud_hsm.pins_shown': 'PINs shown',
  'cloud_hsm.user_pin_rotate': 'User PIN rotated',
  'cloud_hsm.backup': 'Backed up',
  'cloud_hsm.restore': 'Restored from a backup',
  'cluster.member_add': 'Added to a cluster',
  'cluster.member_remove': 'Removed from a cluster',
};
const OUTCOME_COLORS = { success: 'success', partial: 'yellow', refused: 'warning', failure: 'error' } as const;

const columns: DataTableColumn<AuditEvent>[] = [
  { key: 'when', title: 'When', width: 200, render: (event) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.occurred_at)}</Text> },
  {
    key: 'action',
    title: 'Action',
    render: (event) => (
      <Stack gap={0}>
        <Text size="sm">{ACTIONS[event.action] ?? event.action}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {event.action}
        </Text>
      </Stack>
    ),
  },
  { key: 'user', title: 'By', render: (event) => <Text size="sm">{event.actor_username ?? 'Keydeck (background work)'}</Text> },
  {
    key: 'outcome',
    title: 'Outcome',
    width: 130,
    render: (event) => (
      <Badge color={OUTCOME_COLORS[event.outcome]} variant="dot">
        {event.outcome}
      </Badge>
    ),
  },
  { key: 'reason', title: 'Details', render: (event) => <Text size="sm" c={event.reason ? undefined : 'dimmed'}>{event.reason ?? '—'}</Text> },
];

/** Every audited change of the HSM, newest first; its paging lives in the page's URL. */
export function AuditTrail({ hsmId, state, onChange }: { hsmId: string; state: AuditTrailSearch; onChange: (patch: ListStatePatch) => void }) {
  const events = useQuery(cloudHsmAuditQueryOptions(hsmId, state));
  const list: ListState = { page: state.page, page_size: state.page_size, order: state.order };
  return (
    <Stack gap="sm" component="section" aria-labelledby="audit-heading">
      <Title order={2} fz="h4" id="audit-heading">
        Audit trail
      </Title>
      <DataTable label="Audit trail" columns={columns} query={events} rowKey={(event) => String(event.id)} list={{ state: list, onChange }} emptyText="Nothing recorded yet." />
    </Stack>
  );
}
