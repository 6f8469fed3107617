import { useState } from 'react';
import { Button, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { KEY_STATES, type KeyState, type SymmetricKey } from '@keydeck/contract/payment-keys';
import type { Service } from '@keydeck/contract/services';
import { confirmAction } from '../../../lib/dialogs';
import { refusedAlone } from '../../../lib/single-refusal';
import { useServiceAccess } from '../../../lib/service-access';
import { showToast } from '../../../lib/toasts';
import { DataTable } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { inexactTotal } from '../../../lib/ui/list-total';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { ACTION_LABELS, actionQuestion } from '../api/key-actions';
import { keyCustodiansQueryOptions } from '../../../lib/key-custodians.queries';
import { keyGroupsQueryOptions } from '../../../lib/key-groups.queries';
import { symmetricKeysQueryOptions, useUpdateSymmetricKeys, type KeyAction, type KeyListState } from '../api/symmetric-keys.api';
import { ComponentCeremonyModal } from './component-ceremony-modal';
import { DeleteKeysModal } from './delete-keys-modal';
import { ExportKeyModal } from './export-key-modal';
import { GenerateKeyModal } from './generate-key-modal';
import { ImportKeyBlockModal } from './import-key-block-modal';
import { STATE_LABELS } from './key-cells';
import { keyColumns } from './key-columns';
import { KeyDetailDrawer } from './key-detail-drawer';
import { KeyGroupsPanel } from './key-groups-panel';
import { ResultReportModal, type ResultReport } from '../../../lib/ui/result-report-modal';
import type { KeyRowAction } from './key-row-menu';
import { isPendingApproval, pendingText } from '../../../lib/approvals';

const BATCH_ACTIONS: KeyAction[] = ['activate', 'disable', 'rotate', 'retire'];

export type KeyListPatch = ListStatePatch & { group?: string | undefined; state?: KeyState | undefined };

interface SymmetricKeysSectionProps {
  service: Service;
  /** The list and its filters as the URL holds them (a link, the command palette's, can name a key): the page owns the URL. */
  list: { search: KeyListState; onChange: (patch: KeyListPatch) => void };
}

/**
 * The symmetric keys of the service (spec §3) and the groups that hold them. The list's paging and filters live in
 * the section's URL. Changes need Key at Modify: generate, the
 * one-screen component import (where the service's policy allows single-operator entry), TR-31 import and export, state changes and rotation (each confirmed, saying what it does),
 * and delete with an explicit acknowledgement; every batch answers one line a key in the server's words.
 */
export function SymmetricKeysSection({ service, list }: SymmetricKeysSectionProps) {
  const canModify = useServiceAccess(service).can('Key', 'Modify');
  const state = list.search;
  const keys = useQuery(symmetricKeysQueryOptions(service.id, state));
  const groups = useQuery(keyGroupsQueryOptions(service.id));
  // One screen for every component is not split knowledge: offered only where the service's policy allows it.
  const singleOperator = useQuery(keyCustodiansQueryOptions(service.id)).data?.policy.single_operator_entry === true;
  const update = useUpdateSymmetricKeys(service.id);
  const [picked, setPicked] = useState<ReadonlyMap<string, SymmetricKey>>(new Map());
  const [dialog, setDialog] = useState<'generate' | 'components' | 'key-block' | null>(null);
  const [details, setDetails] = useState<SymmetricKey | null>(null);
  const [exported, setExported] = useState<SymmetricKey | null>(null);
  const [deleting, setDeleting] = useState<SymmetricKey[] | null>(null);
  const [report, setReport] = useState<ResultReport | null>(null);

  const change = list.onChange;
  const pick = (rows: SymmetricKey[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      rows.forEach((row) => (on ? next.set(row.name, row) : next.delete(row.name)));
      return next;
    });
  const unpick = (names: string[]) => setPicked((current) => new Map([...current].filter(([name]) => !names.includes(name))));

  const run = async (action: KeyAction, chosen: SymmetricKey[]) => {
    const names = chosen.map((key) => key.name);
    const title = `${ACTION_LABELS[action]} ${names.length === 1 ? 'key' : `${names.length} keys`}`;
    const answer = await confirmAction(actionQuestion(action, names), async () => {
      const updated = await update.mutateAsync({ names, action });
      return isPendingApproval(updated) ? updated : refusedAlone(updated.results);
    }, title);
    if (answer && isPendingApproval(answer)) return showToast({ color: 'info', message: pendingText(answer) });
    const results = answer ?? [];
    if (results.length === 1) showToast({ color: 'success', message: results[0]!.message });
    else if (results.length > 1) setReport({ title: `${ACTION_LABELS[action]} keys: result`, lines: results });
    unpick(results.filter((r) => r.success).map((r) => r.name));
  };
  const act = (action: KeyRowAction, key: SymmetricKey) => {
    if (action === 'details') setDetails(key);
    else if (action === 'export') setExported(key);
    else if (action === 'delete') setDeleting([key]);
    else void run(action, [key]);
  };
  // The drawer follows the list: after a rotation it shows the new KCV and version.
  const shown = details ? (keys.data?.data.find((key) => key.id === details.id) ?? details) : null;
  const groupNames = (groups.data?.groups ?? []).map((group) => group.name);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="h3">
          Symmetric keys
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          The service&apos;s payment keys with their TR-31 attributes and key check values (KCV). Key values never appear on screen.
        </Text>
      </div>
      <Stack gap="xs">
        <Title order={3} fz="h4">
          Key groups
        </Title>
        <KeyGroupsPanel serviceId={service.id} canModify={canModify} onShowKeys={(group) => change({ group, page: 1 })} onReport={setReport} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="h4">
          Keys
        </Title>
        {canModify && picked.size > 0 ? (
          <SelectionPanel
            summary={`${picked.size} key${picked.size === 1 ? '' : 's'} selected`}
            actions={
              <>
                {BATCH_ACTIONS.map((action) => (
                  <Button key={action} size="xs" variant="light" disabled={update.isPending} onClick={() => void run(action, [...picked.values()])}>
                    {ACTION_LABELS[action]}
                  </Button>
                ))}
                <Button size="xs" color="error" disabled={update.isPending} onClick={() => setDeleting([...picked.values()])}>
                  Delete
                </Button>
              </>
            }
            onClear={() => setPicked(new Map())}
          />
        ) : null}
        <DataTable
          label="Symmetric keys"
          columns={keyColumns(setDetails, canModify ? act : null)}
          query={keys}
          rowKey={(key) => key.name}
          list={{ state, onChange: change }}
          totalText={inexactTotal(keys.data)}
          searchLabel="Search keys by name"
          toolbar={
            <>
              <NativeSelect
                label="Key group"
                data={[{ value: '', label: 'All groups' }, ...groupNames]}
                value={state.group ?? ''}
                onChange={(event) => change({ group: event.currentTarget.value || undefined, page: 1 })}
                w={{ base: '100%', xs: 180 }}
              />
              <NativeSelect
                label="State"
                data={[{ value: '', label: 'All states' }, ...KEY_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))]}
                value={state.state ?? ''}
                onChange={(event) => change({ state: (event.currentTarget.value || undefined) as KeyState | undefined, page: 1 })}
                w={{ base: '100%', xs: 140 }}
              />
              {canModify ? (
                <>
                  <Button variant="default" onClick={() => setDialog('key-block')}>
                    Import TR-31 key block
                  </Button>
                  {singleOperator ? (
                    <Button variant="default" onClick={() => setDialog('components')}>
                      Import from components
                    </Button>
                  ) : null}
                  <Button onClick={() => setDialog('generate')}>Generate key</Button>
                </>
              ) : null}
            </>
          }
          emptyText={state.search || state.group || state.state ? 'No key matches.' : 'No keys yet.'}
          {...(canModify ? { picked: { rowLabel: (key: SymmetricKey) => `key ${key.name}`, keys: new Set(picked.keys()), onToggle: pick } } : {})}
          minWidth={940}
        />
      </Stack>
      <GenerateKeyModal serviceId={service.id} opened={dialog === 'generate'} group={state.group} onClose={() => setDialog(null)} />
      <ComponentCeremonyModal serviceId={service.id} opened={dialog === 'components'} group={state.group} onClose={() => setDialog(null)} />
      <ImportKeyBlockModal serviceId={service.id} opened={dialog === 'key-block'} group={state.group} onClose={() => setDialog(null)} />
      <ExportKeyModal serviceId={service.id} exported={exported} onClose={() => setExported(null)} />
      <DeleteKeysModal
        serviceId={service.id}
        keys={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(results) => {
          unpick(results.filter((r) => r.success).map((r) => r.name));
          setReport({ title: 'Delete keys: result', lines: results });
        }}
      />
      <KeyDetailDrawer serviceId={service.id} shown={shown} onClose={() => setDetails(null)} />
      <ResultReportModal report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
