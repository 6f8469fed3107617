import { useState } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { KEY_USAGES, keyAssignmentsQuery, type KeyAssignment } from '@keydeck/contract/payment-keys';
import type { Service } from '@keydeck/contract/services';
import { confirmAction } from '../../../lib/dialogs';
import { useServiceAccess } from '../../../lib/service-access';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { inexactTotal } from '../../../lib/ui/list-total';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { matchesTerm, useSearchFallback } from '../api/assignment-search';
import { keyAssignmentsQueryOptions, useDeleteKeyAssignments, type AssignmentListState } from '../api/key-assignments.api';
import { AddAssignmentModal } from './add-assignment-modal';
import { AlgorithmCell, CodeCell, Kcv, RETRIEVAL_SHORT } from './key-cells';
import { ResultReportModal, type ResultReport } from '../../../lib/ui/result-report-modal';
import { LoadKeyModal } from './load-key-modal';

const slotKey = (row: Pick<KeyAssignment, 'group' | 'key_slot'>) => `${row.group}\u0000${row.key_slot}`;
const orderBy = (value: string | undefined) => keyAssignmentsQuery.shape.order_by.safeParse(value).data;

const columns: DataTableColumn<KeyAssignment>[] = [
  { key: 'group', title: 'Device group', sortKey: 'group', render: (row) => <Text size="sm" fw={500}>{row.group}</Text> },
  { key: 'key_slot', title: 'Slot', sortKey: 'key_slot', width: 70, render: (row) => <Text size="sm" ff="monospace">{row.key_slot}</Text> },
  { key: 'key', title: 'Key', sortKey: 'key', render: (row) => <Text size="sm">{row.key}</Text> },
  { key: 'key_group', title: 'Key group', render: (row) => <Text size="sm">{row.key_group}</Text> },
  { key: 'retrieval', title: 'Key retrieval', render: (row) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{RETRIEVAL_SHORT[row.key_retrieval_algorithm]}</Text> },
  { key: 'algorithm', title: 'Algorithm', render: (row) => <AlgorithmCell algorithm={row.algorithm} /> },
  { key: 'usage', title: 'Usage', render: (row) => <CodeCell code={row.usage} label={KEY_USAGES[row.usage]} /> },
  { key: 'kcv', title: 'KCV', render: (row) => <Kcv value={row.kcv} /> },
];

/**
 * Which key every device of a group loads into which key slot (spec §3), searchable by device group or key name.
 * Assigning, removing and making a device's key block need Key at Modify; removals answer one line a slot in the
 * spec's words. The search falls back after 1500 ms without an answer (spec §9, see useSearchFallback).
 */
export function KeyAssignmentsSection({ service }: { service: Service }) {
  const canModify = useServiceAccess(service).can('Key', 'Modify');
  const [state, setState] = useState<AssignmentListState>(keyAssignmentsQuery.parse({}));
  const assignments = useQuery(keyAssignmentsQueryOptions(service.id, state));
  const remove = useDeleteKeyAssignments(service.id);
  const [picked, setPicked] = useState<ReadonlyMap<string, KeyAssignment>>(new Map());
  const [dialog, setDialog] = useState<'add' | 'load' | null>(null);
  const [report, setReport] = useState<ResultReport | null>(null);

  const fallback = useSearchFallback(state.search, assignments.isSuccess && !assignments.isPlaceholderData);
  const loaded = assignments.data?.data ?? [];
  const fallbackRows = fallback ? loaded.filter(matchesTerm(state.search)) : [];
  const table = fallback ? { ...assignments, isPlaceholderData: false, data: { data: fallbackRows, total: fallbackRows.length } } : assignments;

  // A cursor belongs to the page it came from: a patch that names none (another page size, order, search, or a
  // jump) drops it, as useListSearch does for lists kept in the URL.
  const change = (patch: ListStatePatch) =>
    setState(
      (current) =>
        ({
          ...current,
          after: undefined,
          before: undefined,
          last: undefined,
          ...patch,
          order_by: orderBy(patch.order_by ?? current.order_by) ?? current.order_by,
        }) as AssignmentListState,
    );
  const pick = (rows: KeyAssignment[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      rows.forEach((row) => (on ? next.set(slotKey(row), row) : next.delete(slotKey(row))));
      return next;
    });
  const removePicked = async () => {
    const rows = [...picked.values()];
    const what = rows.length === 1 ? `the assignment of ${rows[0]!.group} slot ${rows[0]!.key_slot}` : `${rows.length} assignments`;
    const slots = rows.map(({ group, key_slot }) => ({ group, key_slot }));
    const question = `Remove ${what}? Devices of the group no longer get a key for the slot; the keys themselves stay.`;
    const answer = await confirmAction(question, () => remove.mutateAsync(slots), 'Remove assignments');
    if (!answer) return;
    const removed = new Set(answer.results.filter((r) => r.success).map((r) => r.name));
    setPicked((current) => new Map([...current].filter(([, row]) => !removed.has(`${row.group} slot ${row.key_slot}`))));
    setReport({ title: 'Remove assignments: result', lines: answer.results });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          Key assignments
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Which key each device group loads into which key slot. In a DUKPT key group every device gets its own initial key from the group&apos;s BDK.
        </Text>
      </div>
      {fallback ? (
        <Alert color="info" variant="light" role="status" title="The search is still running">
          The server has not answered the search for “{state.search}” yet. Meanwhile this shows the {fallbackRows.length} loaded assignment
          {fallbackRows.length === 1 ? '' : 's'} that match; the full result replaces them when it arrives.
        </Alert>
      ) : null}
      {canModify && picked.size > 0 ? (
        <SelectionPanel
          summary={`${picked.size} assignment${picked.size === 1 ? '' : 's'} selected`}
          actions={
            <Button size="xs" color="error" loading={remove.isPending} onClick={() => void removePicked()}>
              Remove
            </Button>
          }
          onClear={() => setPicked(new Map())}
        />
      ) : null}
      <DataTable
        label="Key assignments"
        columns={columns}
        query={table}
        rowKey={slotKey}
        list={{ state, onChange: change }}
        totalText={fallback ? undefined : inexactTotal(assignments.data)}
        searchLabel="Search by device group or key"
        toolbar={
          canModify ? (
            <>
              <Button variant="default" onClick={() => setDialog('load')}>
                Load to device
              </Button>
              <Button onClick={() => setDialog('add')}>Assign key</Button>
            </>
          ) : undefined
        }
        emptyText={state.search ? 'No assignment matches.' : 'No keys are assigned to key slots yet.'}
        {...(canModify ? { picked: { rowLabel: (row: KeyAssignment) => `${row.group} slot ${row.key_slot}`, keys: new Set(picked.keys()), onToggle: pick } } : {})}
        minWidth={960}
      />
      <AddAssignmentModal serviceId={service.id} opened={dialog === 'add'} onClose={() => setDialog(null)} />
      <LoadKeyModal serviceId={service.id} opened={dialog === 'load'} onClose={() => setDialog(null)} />
      <ResultReportModal report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
