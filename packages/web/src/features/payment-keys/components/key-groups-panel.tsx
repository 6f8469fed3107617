import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { KeyGroup } from '@keydeck/contract/payment-keys';
import { confirmAction } from '../../../lib/dialogs';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { keyGroupsQueryOptions } from '../../../lib/key-groups.queries';
import { useDeleteKeyGroups } from '../api/key-groups.api';
import { ExplainedCell, RETRIEVAL_NOW, RETRIEVAL_SHORT } from './key-cells';
import { ChangeRetrievalModal, CreateKeyGroupModal } from './key-group-modals';
import type { ReportLine, ResultReport } from '../../../lib/ui/result-report-modal';

const BDK_SERVING = 'Derives each device’s initial key';
const BDK_WAITING = 'Not used while the group hands out a static key; derives each device’s key once the group is switched to DUKPT';

interface KeyGroupsPanelProps {
  serviceId: string;
  canModify: boolean;
  /** Shows the keys of one group in the keys table. */
  onShowKeys: (group: string) => void;
  onReport: (report: ResultReport) => void;
}

/**
 * The key groups of the service: how their devices retrieve keys (static, or DUKPT from the group's BDK) and how many
 * keys each holds. Creating, deleting and changing the algorithm need Key at Modify; batches answer one line a group.
 */
export function KeyGroupsPanel({ serviceId, canModify, onShowKeys, onReport }: KeyGroupsPanelProps) {
  const groups = useQuery(keyGroupsQueryOptions(serviceId));
  const remove = useDeleteKeyGroups(serviceId);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<KeyGroup[] | null>(null);
  const rows = groups.data?.groups ?? [];
  const table = { ...groups, isPlaceholderData: false, data: groups.data ? { data: rows, total: rows.length } : undefined };
  const pick = (names: string[], on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      names.forEach((name) => (on ? next.add(name) : next.delete(name)));
      return next;
    });
  const done = (title: string, results: ReportLine[]) => {
    pick(results.filter((r) => r.success).map((r) => r.name), false);
    onReport({ title, lines: results });
  };
  const deleteGroups = async () => {
    const names = [...picked];
    const question = `Delete the key group${names.length === 1 ? '' : 's'} ${names.join(', ')}? A group that still holds keys is kept.`;
    const answer = await confirmAction(question, () => remove.mutateAsync(names));
    if (answer) done('Delete key groups: result', answer.results);
  };

  const columns: DataTableColumn<KeyGroup>[] = [
    {
      key: 'name',
      title: 'Key group',
      render: (group) => (
        <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => onShowKeys(group.name)} aria-label={`Show the keys of ${group.name}`}>
          {group.name}
        </Anchor>
      ),
    },
    {
      key: 'retrieval',
      title: 'Key retrieval algorithm',
      render: (group) => <ExplainedCell value={RETRIEVAL_SHORT[group.key_retrieval_algorithm]} explained={RETRIEVAL_NOW[group.key_retrieval_algorithm]} />,
    },
    {
      key: 'bdk',
      title: 'Base derivation key',
      // A static group may hold a BDK already: it serves only once the group is switched to DUKPT, and the row says so.
      render: (group) =>
        group.bdk === null ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <ExplainedCell value={group.bdk} explained={group.key_retrieval_algorithm === 'static' ? BDK_WAITING : BDK_SERVING} />
        ),
    },
    { key: 'keys', title: 'Keys', width: 80, render: (group) => <Text size="sm">{group.key_count}</Text> },
  ];

  return (
    <Stack gap="xs">
      {canModify && picked.size > 0 ? (
        <SelectionPanel
          summary={`${picked.size} group${picked.size === 1 ? '' : 's'} selected`}
          actions={
            <>
              <Button size="xs" variant="light" onClick={() => setChanging(rows.filter((group) => picked.has(group.name)))}>
                Change key retrieval
              </Button>
              <Button size="xs" color="error" loading={remove.isPending} onClick={() => void deleteGroups()}>
                Delete
              </Button>
            </>
          }
          onClear={() => setPicked(new Set())}
        />
      ) : null}
      <DataTable
        label="Key groups"
        columns={columns}
        query={table}
        rowKey={(group) => group.name}
        toolbar={canModify ? <Button variant="default" onClick={() => setCreating(true)}>New key group</Button> : undefined}
        emptyText="No key groups yet. Keys are kept in groups: create one first."
        {...(canModify ? { picked: { rowLabel: (group: KeyGroup) => `key group ${group.name}`, keys: picked, onToggle: (chosen: KeyGroup[], on: boolean) => pick(chosen.map((g) => g.name), on) } } : {})}
        minWidth={560}
      />
      <CreateKeyGroupModal serviceId={serviceId} opened={creating} onClose={() => setCreating(false)} />
      <ChangeRetrievalModal
        serviceId={serviceId}
        groups={changing}
        onClose={() => setChanging(null)}
        onChanged={(results) => done('Change key retrieval algorithm: result', results)}
      />
    </Stack>
  );
}
