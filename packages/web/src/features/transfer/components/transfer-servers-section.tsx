import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Service } from '@keydeck/contract/services';
import { TRANSFER_PROTOCOL_LABELS, type HostKey, type TransferProtocol, type TransferServer } from '@keydeck/contract/transfer';
import { confirmAction } from '../../../lib/dialogs';
import { refusedAlone } from '../../../lib/single-refusal';
import { useServiceAccess } from '../../../lib/service-access';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { endpointOf, hostKeysQueryOptions } from '../api/host-keys.api';
import { transferServersQueryOptions, useDeleteTransferServers, useTestTransferServer } from '../api/transfer-servers.api';
import { HostKeysPanel } from './host-keys-panel';
import { PublicKeyModal } from './public-key-block';
import { ServerRowMenu, type ServerRowAction } from './server-row-menu';
import { TestResultModal } from './test-result-modal';
import { ServerHostKeyCell } from './transfer-cells';
import { ResultReportModal, type ResultReport } from '../../../lib/ui/result-report-modal';
import { TransferServerModal } from './transfer-server-modal';
import { TrustHostKeyModal } from './trust-host-key-modal';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const PROTOCOL_SHORT: Record<TransferProtocol, string> = { sftp: 'SFTP', scp: 'SCP', ftp: 'FTP', ftps: 'FTPS' };
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
/** A server as people read its address: sftp://user@host:port. */
const describe = (server: TransferServer) => `${server.protocol}://${server.username}@${endpointOf(server)}`;

/**
 * Where the service's exports and scheduled reports are delivered (spec §7 service/ftp_servers, service/scp_servers),
 * and below them the SSH host keys those servers presented (service/host_keys). The Host category opens the section;
 * adding, changing, testing, deleting and confirming host keys need it at Modify. Nothing goes to an SFTP or SCP
 * server until an operator has compared its host key's fingerprint and trusted it.
 */
export function TransferServersSection({ service }: { service: Service }) {
  const canModify = useServiceAccess(service).can('Host', 'Modify');
  const servers = useQuery(transferServersQueryOptions(service.id));
  const hostKeys = useQuery(hostKeysQueryOptions(service.id));
  const test = useTestTransferServer(service.id);
  const remove = useDeleteTransferServers(service.id);
  const [picked, setPicked] = useState<ReadonlyMap<string, TransferServer>>(new Map());
  // undefined: closed; null: a new server; else the server edited.
  const [editing, setEditing] = useState<TransferServer | null | undefined>(undefined);
  const [testing, setTesting] = useState<TransferServer | null>(null);
  const [trusting, setTrusting] = useState<HostKey | null>(null);
  const [publicKey, setPublicKey] = useState<TransferServer | null>(null);
  const [report, setReport] = useState<ResultReport | null>(null);

  const rows = servers.data?.servers ?? [];
  const table = { ...servers, isPlaceholderData: false, data: servers.data ? { data: rows, total: rows.length } : undefined };
  const pick = (chosen: TransferServer[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      chosen.forEach((server) => (on ? next.set(server.id, server) : next.delete(server.id)));
      return next;
    });

  const runTest = (server: TransferServer) => {
    setTesting(server);
    test.reset();
    test.mutate(server);
  };
  /** The pending key a server's state names, as the host-key list holds it. */
  const pendingKeyOf = (server: TransferServer) =>
    hostKeys.data?.host_keys.find((key) => key.status === 'pending' && key.host === server.host && key.port === server.port && key.fingerprint === server.host_key?.fingerprint);

  const deleteServers = async (chosen: TransferServer[]) => {
    const question =
      chosen.length === 1
        ? `Delete the transfer server ${chosen[0]!.name} (${describe(chosen[0]!)})? Its stored password or key is destroyed; nothing more is delivered there.`
        : `Delete these ${chosen.length} transfer servers (${chosen.map((server) => server.name).join(', ')})? Their stored passwords and keys are destroyed; nothing more is delivered there.`;
    const title = chosen.length === 1 ? 'Delete transfer server' : `Delete ${chosen.length} transfer servers`;
    const results = (await confirmAction(question, async () => refusedAlone(await remove.mutateAsync(chosen)), title)) ?? [];
    if (results.length === 1) showToast({ color: 'success', message: results[0]!.message });
    else if (results.length > 1) setReport({ title: 'Delete transfer servers: result', lines: results });
    const deleted = new Set(results.filter((r) => r.success).map((r) => r.name));
    pick(chosen.filter((server) => deleted.has(server.name)), false);
  };

  const act = (action: ServerRowAction, server: TransferServer) => {
    if (action === 'test') runTest(server);
    else if (action === 'edit') setEditing(server);
    else if (action === 'public-key') setPublicKey(server);
    else if (action === 'delete') void deleteServers([server]);
    else {
      const key = pendingKeyOf(server);
      if (key) setTrusting(key);
    }
  };

  const columns: DataTableColumn<TransferServer>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (server) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {server.name}
          </Text>
          <Text size="xs" c="dimmed" title={TRANSFER_PROTOCOL_LABELS[server.protocol]} style={NO_WRAP}>
            {PROTOCOL_SHORT[server.protocol]}
          </Text>
        </Stack>
      ),
    },
    { key: 'address', title: 'Host', render: (server) => <Text size="sm" style={NO_WRAP}>{endpointOf(server)}</Text> },
    {
      key: 'user',
      title: 'User',
      render: (server) => (
        <Stack gap={0}>
          <Text size="sm">{server.username}</Text>
          <Text size="xs" c="dimmed" style={NO_WRAP}>
            {server.auth === 'key' ? 'SSH key' : 'Password'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'directory',
      title: 'Directory',
      render: (server) =>
        server.remote_directory === '.' ? (
          <Text size="xs" c="dimmed" style={NO_WRAP}>
            Login directory
          </Text>
        ) : (
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {server.remote_directory}
          </Text>
        ),
    },
    { key: 'host-key', title: 'Host key', render: (server) => <ServerHostKeyCell server={server} /> },
  ];
  if (canModify) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (server) => <ServerRowMenu server={server} testing={test.isPending && testing?.id === server.id} onAction={(action) => act(action, server)} />,
    });
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="h3">
          Transfer servers
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Where the service&apos;s exports and scheduled reports are delivered, over SFTP, SCP, FTP or FTPS. Passwords and private keys are stored
          sealed and never shown again.
        </Text>
      </div>
      <Stack gap="xs">
        {canModify && picked.size > 0 ? (
          <SelectionPanel
            summary={`${plural(picked.size, 'server')} selected`}
            actions={
              <Button size="xs" color="error" loading={remove.isPending} onClick={() => void deleteServers([...picked.values()])}>
                Delete
              </Button>
            }
            onClear={() => setPicked(new Map())}
          />
        ) : null}
        <DataTable
          label="Transfer servers"
          columns={columns}
          query={table}
          rowKey={(server) => server.id}
          toolbar={canModify ? <Button onClick={() => setEditing(null)}>Add transfer server</Button> : undefined}
          emptyText="No transfer servers yet."
          {...(canModify ? { picked: { rowLabel: (server: TransferServer) => `transfer server ${server.name}`, keys: new Set(picked.keys()), onToggle: pick } } : {})}
          minWidth={860}
        />
      </Stack>
      <Stack gap="xs">
        <div>
          <Title order={3} fz="h4">
            Host keys
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            An SFTP or SCP server proves who it is with its host key. The first connection test records the key; nothing is sent to the server
            until an operator compares its fingerprint with the one the server&apos;s administrator gives and trusts it. A changed key stops
            every transfer until the new one is confirmed.
          </Text>
        </div>
        <HostKeysPanel serviceId={service.id} hostKeys={hostKeys} canModify={canModify} onTrust={setTrusting} />
      </Stack>
      <TransferServerModal serviceId={service.id} editing={editing} onClose={() => setEditing(undefined)} onKeyToInstall={setPublicKey} />
      <TestResultModal
        server={testing}
        result={test.data ?? null}
        pending={test.isPending}
        hostKeys={hostKeys.data?.host_keys}
        onReview={(key) => {
          setTesting(null);
          setTrusting(key);
        }}
        onClose={() => setTesting(null)}
      />
      <TrustHostKeyModal serviceId={service.id} hostKey={trusting} onClose={() => setTrusting(null)} />
      <PublicKeyModal server={publicKey} onClose={() => setPublicKey(null)} />
      <ResultReportModal report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
