import { Anchor, Stack, Text } from '@mantine/core';
import type { KeyComponentExport } from '@keydeck/contract/key-ceremonies';
import { formatDateTime } from '../../../lib/datetime';
import type { DataTableColumn } from '../../../lib/ui/data-table';
import { revealedText } from '../api/ceremony-texts';
import { CeremonyStateBadge } from './ceremony-columns';

export const exportCustodiansText = (exp: KeyComponentExport) => exp.custodians.map((c) => c.username).join(', ');

/** The component exports' columns; a key's name opens its export. */
export function exportColumns(openExport: (exp: KeyComponentExport) => void): DataTableColumn<KeyComponentExport>[] {
  return [
    {
      key: 'key',
      title: 'Key',
      render: (exp) => (
        <Stack gap={0}>
          <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={() => openExport(exp)} aria-label={`Open export of ${exp.key}`}>
            {exp.key}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            KCV {exp.kcv}
          </Text>
        </Stack>
      ),
    },
    { key: 'components', title: 'Components', render: revealedText },
    { key: 'custodians', title: 'Custodians', render: exportCustodiansText },
    { key: 'opened_by', title: 'Opened by', render: (exp) => exp.opened_by },
    { key: 'state', title: 'State', render: (exp) => <CeremonyStateBadge state={exp.state} /> },
    { key: 'expires', title: 'Expires', render: (exp) => (exp.state === 'open' ? formatDateTime(exp.expires_at) : '—') },
  ];
}
