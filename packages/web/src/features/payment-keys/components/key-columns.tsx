import { Anchor, Stack, Text } from '@mantine/core';
import { EXPORTABILITY, KEY_ORIGINS, KEY_USAGES, MODES_OF_USE, type SymmetricKey } from '@keydeck/contract/payment-keys';
import { formatDate } from '../../../lib/datetime';
import type { DataTableColumn } from '../../../lib/ui/data-table';
import { AlgorithmCell, CodeAbbr, CodeCell, Kcv, KeyStateBadge } from './key-cells';
import { KeyRowMenu, type KeyRowAction } from './key-row-menu';

/** The symmetric keys' columns; a name opens the key's details, the last column its actions (Key at Modify). */
export function keyColumns(openDetails: (key: SymmetricKey) => void, act: ((action: KeyRowAction, key: SymmetricKey) => void) | null): DataTableColumn<SymmetricKey>[] {
  const columns: DataTableColumn<SymmetricKey>[] = [
    {
      key: 'name',
      title: 'Name · group',
      sortKey: 'name',
      render: (key) => (
        <Stack gap={0}>
          <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={() => openDetails(key)} aria-label={`Details of ${key.name}`}>
            {key.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {key.group}
          </Text>
        </Stack>
      ),
    },
    { key: 'algorithm', title: 'Algorithm', sortKey: 'algorithm', render: (key) => <AlgorithmCell algorithm={key.algorithm} /> },
    { key: 'usage', title: 'Usage', sortKey: 'usage', width: 150, render: (key) => <CodeCell code={key.usage} label={KEY_USAGES[key.usage]} /> },
    // Mode and exportability by their TR-31 codes, each explained in its title; the key's details spell them out.
    { key: 'mode', title: 'Mode', render: (key) => <CodeAbbr code={key.mode_of_use} label={MODES_OF_USE[key.mode_of_use]} /> },
    { key: 'exportability', title: 'Export', render: (key) => <CodeAbbr code={key.exportability} label={EXPORTABILITY[key.exportability]} /> },
    { key: 'version', title: 'Version', render: (key) => <Text size="sm" ff="monospace">{key.version}</Text> },
    { key: 'state', title: 'State', sortKey: 'state', render: (key) => <KeyStateBadge state={key.state} /> },
    { key: 'kcv', title: 'KCV', render: (key) => <Kcv value={key.kcv} /> },
    {
      key: 'origin',
      title: 'Origin · created',
      sortKey: 'created_at',
      render: (key) => (
        <Stack gap={0}>
          <Text size="sm">{KEY_ORIGINS[key.origin]}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Created {formatDate(key.created_at)}
          </Text>
          {key.rotated_at ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Rotated {formatDate(key.rotated_at)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];
  if (act) columns.push({ key: 'actions', title: 'Actions', width: 90, render: (key) => <KeyRowMenu keyRow={key} onAction={(action) => act(action, key)} /> });
  return columns;
}
