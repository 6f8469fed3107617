import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditEvent, AuditListQuery } from '@keydeck/contract/audit';
import { Permission } from '@keydeck/contract/permissions';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/datetime';
import { CopyText } from '../../../lib/ui/copy-text';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { inexactTotal } from '../../../lib/ui/list-total';
import { accountsListQueryOptions } from '../../../lib/accounts.queries';
import { auditExportHref, auditListQueryOptions } from '../api/audit.api';
import { AuditEventDrawer } from './audit-event-drawer';
import { AuditFilters, type AuditPatch } from './audit-filters';
import { ChainVerifyResult, useChainVerification } from './chain-verify';
import { OutcomeBadge } from './outcome-badge';

const dash = (value: string | null) => value ?? '—';

const baseColumns: DataTableColumn<AuditEvent>[] = [
  {
    key: 'time',
    title: 'Time',
    sortKey: 'occurred_at',
    render: (event) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={event.occurred_at}>
        {formatDateTime(event.occurred_at)}
      </Text>
    ),
  },
  { key: 'user', title: 'User', sortKey: 'actor_username', render: (event) => dash(event.actor_username) },
  { key: 'action', title: 'Action', sortKey: 'action', render: (event) => <Text ff="monospace" size="sm">{event.action}</Text> },
  {
    key: 'target',
    title: 'Target',
    width: 240,
    // By name where the log knows it (the id is in the event's details); long ones wrap between words.
    render: (event) => (
      <Text size="sm" lineClamp={2} title={event.target ?? undefined} style={{ overflowWrap: 'break-word' }}>
        {dash(event.target_name ?? event.target)}
      </Text>
    ),
  },
  {
    key: 'outcome',
    title: 'Outcome',
    width: 150,
    render: (event) => (
      <Group gap={6} wrap="nowrap">
        <OutcomeBadge outcome={event.outcome} />
        {event.reason ? (
          <Text size="xs" c="dimmed">
            {event.reason}
          </Text>
        ) : null}
      </Group>
    ),
  },
  { key: 'client', title: 'Client address', render: (event) => <Text ff="monospace" size="sm">{event.client_address}</Text> },
  {
    key: 'request',
    title: 'Request id',
    width: 140,
    render: (event) => <CopyText value={event.request_id} shown={`${event.request_id.slice(0, 8)}…`} label="request id" />,
  },
];

interface AuditLogViewProps {
  search: AuditListQuery;
  onChange: (patch: AuditPatch) => void;
  /** The admin account tab shows one account's events: the filter is fixed and hidden. */
  fixedAccountId?: string;
}

/** The audit log list with its filters, CSV export and integrity check; used by both audit screens. */
export function AuditLogView({ search, onChange, fixedAccountId }: AuditLogViewProps) {
  const platformAdmin = useCan(Permission.platformAdmin);
  const accountChoice = platformAdmin && !fixedAccountId;
  const query = { ...search, account_id: fixedAccountId ?? (accountChoice ? search.account_id : undefined) };
  const events = useQuery(auditListQueryOptions(query));
  const accounts = useQuery({
    ...accountsListQueryOptions({ page: 1, page_size: 100, order: 'asc', order_by: 'name' }),
    enabled: accountChoice,
  });
  const accountNames = new Map(accounts.data?.data.map((account) => [account.id, account.name]));
  const chain = useChainVerification(query.account_id, accountChoice && !query.account_id);
  const [opened, setOpened] = useState<AuditEvent | null>(null);
  const accountOf = (event: AuditEvent) => (event.account_id ? (accountNames.get(event.account_id) ?? event.account_id) : 'Platform');

  // First and not pinned: a pinned column at the right edge sat over the target on a narrow screen (768 px) until
  // the table was scrolled; at the row's start the button is in view at every width and covers nothing.
  const details: DataTableColumn<AuditEvent> = {
    key: 'details',
    title: 'Details',
    width: 90,
    render: (event) => (
      <Button size="compact-sm" variant="subtle" onClick={() => setOpened(event)} aria-label={`View event ${event.seq}`}>
        View
      </Button>
    ),
  };
  const columns: DataTableColumn<AuditEvent>[] =
    accountChoice && !query.account_id
      ? [details, ...baseColumns.slice(0, 1), { key: 'account', title: 'Account', render: accountOf }, ...baseColumns.slice(1)]
      : [details, ...baseColumns];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        {fixedAccountId ? (
          <Title order={2} fz="h4">
            Audit log
          </Title>
        ) : (
          <div>
            <Title order={1} fz="h2">
              Audit logs
            </Title>
            <Text c="dimmed" mt={4}>
              {accountChoice ? 'Sign-ins and changes in every account, newest first.' : 'Sign-ins and changes in your account, newest first.'}
            </Text>
          </div>
        )}
        <Group gap="sm">
          <Button component="a" href={auditExportHref(query)} download variant="default">
            Export CSV
          </Button>
          <Button variant="default" onClick={chain.verify} loading={chain.verifying}>
            {accountChoice && !query.account_id ? 'Verify every chain' : 'Verify integrity'}
          </Button>
        </Group>
      </Group>
      {chain.result ? <ChainVerifyResult result={chain.result} onClose={chain.dismiss} /> : null}
      <AuditFilters
        search={search}
        onChange={onChange}
        accounts={accountChoice ? accounts.data?.data.map((account) => ({ value: account.id, label: account.name })) ?? [] : undefined}
      />
      <DataTable
        label="Audit events"
        columns={columns}
        query={events}
        rowKey={(event) => String(event.id)}
        list={{ state: search, onChange: (patch) => onChange(patch as AuditPatch) }}
        totalText={inexactTotal(events.data)}
        minWidth={1240}
        emptyText="No events match these filters."
      />
      <AuditEventDrawer event={opened} accountName={accountChoice && opened ? accountOf(opened) : undefined} onClose={() => setOpened(null)} />
    </Stack>
  );
}
