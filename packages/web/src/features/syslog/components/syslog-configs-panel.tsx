import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Permission } from '@keydeck/contract/permissions';
import { SYSLOG_PROTOCOL_LABELS, type SyslogConfig, type SyslogConfigsListQuery } from '@keydeck/contract/syslog';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { syslogConfigsQueryOptions, useDeleteSyslogConfig, useTestSyslogConfig } from '../api/syslog.api';
import { DeliveryLag, DeliveryState, LastDelivered, LastError } from './delivery-cells';
import { facilityLabel } from './facility-options';
import { SyslogConfigModal } from './syslog-config-modal';
import { SyslogTestResult, type TestOutcome } from './syslog-test-result';
import { ListHeading } from '../../../lib/ui/list-heading';

interface SyslogConfigsPanelProps {
  accountId: string;
  list: { state: SyslogConfigsListQuery; onChange: (patch: ListStatePatch) => void };
  /** 1 on the settings screen, 2 inside the account tabs. */
  headingOrder: 1 | 2;
}

/**
 * An account's syslog servers with their live delivery status (asked again every 5 s), add, change,
 * remove and a test message. Settings shows the user's own account; the admin account tab passes one.
 */
export function SyslogConfigsPanel({ accountId, list, headingOrder }: SyslogConfigsPanelProps) {
  const query = useQuery(syslogConfigsQueryOptions(accountId, list.state));
  const remove = useDeleteSyslogConfig(accountId);
  const test = useTestSyslogConfig(accountId);
  const [editing, setEditing] = useState<{ config: SyslogConfig | undefined } | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);

  const sendTest = (config: SyslogConfig) => {
    setOutcome(null);
    test.mutate(config.id, {
      onSuccess: (result) => setOutcome({ configName: config.name, delivered: result.delivered, error: result.error, sentAt: result.sent_at }),
    });
  };
  const removeConfig = async (config: SyslogConfig) => {
    const removed = await confirmAction(`Remove the syslog server ${config.name}? Audit events are no longer sent to it.`, () => remove.mutateAsync(config.id));
    if (!removed) return;
    showToast({ color: 'success', message: `Syslog server ${config.name} removed.` });
  };

  const columns: DataTableColumn<SyslogConfig>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (config) => <Text fw={600} size="sm">{config.name}</Text> },
    {
      key: 'host',
      title: 'Server',
      sortKey: 'host',
      render: (config) => (
        <Stack gap={0}>
          <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {config.host}:{config.port}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {SYSLOG_PROTOCOL_LABELS[config.protocol]} · facility {facilityLabel(config.facility)}
          </Text>
        </Stack>
      ),
    },
    { key: 'enabled', title: 'Enabled', render: (config) => (config.enabled ? 'Yes' : 'No') },
    {
      key: 'state',
      title: 'Delivery',
      render: (config) => (
        <Stack gap={4} align="flex-start">
          <DeliveryState delivery={config.delivery} />
          <DeliveryLag delivery={config.delivery} />
        </Stack>
      ),
    },
    { key: 'delivered', title: 'Last delivered', render: (config) => <LastDelivered delivery={config.delivery} /> },
    { key: 'error', title: 'Last error', render: (config) => <LastError delivery={config.delivery} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: 190,
      render: (config) => (
        <Group gap={4}>
          <Can permission={Permission.syslogManage} mode="disable">
            <Button
              size="xs"
              variant="default"
              loading={test.isPending && test.variables === config.id}
              aria-label={`Send test message to ${config.name}`}
              onClick={() => sendTest(config)}
            >
              Send test message
            </Button>
          </Can>
          <Can permission={Permission.syslogManage} mode="disable">
            <Button size="xs" variant="subtle" aria-label={`Edit ${config.name}`} onClick={() => setEditing({ config })}>
              Edit
            </Button>
          </Can>
          <Can permission={Permission.syslogManage} mode="disable">
            <Button
              size="xs"
              variant="subtle"
              color="error"
              aria-label={`Delete ${config.name}`}
              loading={remove.isPending && remove.variables === config.id}
              onClick={() => void removeConfig(config)}
            >
              Delete
            </Button>
          </Can>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListHeading
        title="Syslog servers"
        order={headingOrder}
        description="Audit events are forwarded to each enabled server as RFC 5424 messages. Delivery status refreshes every 5 seconds."
        actions={
          <Can permission={Permission.syslogManage} mode="disable">
            <Button onClick={() => setEditing({ config: undefined })}>Add syslog server</Button>
          </Can>
        }
      />
      {outcome ? <SyslogTestResult outcome={outcome} onClose={() => setOutcome(null)} /> : null}
      <DataTable
        label="Syslog servers"
        columns={columns}
        query={query}
        rowKey={(config) => config.id}
        list={list}
        emptyText="No syslog servers yet. Add one to forward audit events."
        minWidth={900}
      />
      <SyslogConfigModal accountId={accountId} opened={editing !== null} config={editing?.config} onClose={() => setEditing(null)} />
    </Stack>
  );
}
