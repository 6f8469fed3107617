import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import type { KeyComponentExport } from '@keydeck/contract/key-ceremonies';
import { KEY_ALGORITHM_LABELS } from '@keydeck/contract/payment-keys';
import { formatDateTime } from '../../../lib/datetime';
import { revealedText } from '../api/ceremony-texts';
import { CeremonyStateBadge } from './ceremony-columns';
import { Fact } from './ceremony-facts';
import { exportCustodiansText } from './export-columns';

/** The key an export splits, and where the export stands. */
export function ExportFacts({ exp }: { exp: KeyComponentExport }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.4rem 1.25rem', margin: 0 }}>
      <Fact label="State">
        <CeremonyStateBadge state={exp.state} />
      </Fact>
      {exp.ended_reason ? <Fact label="Why">{exp.ended_reason}</Fact> : null}
      <Fact label="Algorithm">{KEY_ALGORITHM_LABELS[exp.algorithm]}</Fact>
      <Fact label="KCV of the key">
        <Text component="span" ff="monospace" size="sm">
          {exp.kcv}
        </Text>
      </Fact>
      <Fact label="Components">{revealedText(exp)}</Fact>
      <Fact label="Custodians">{exportCustodiansText(exp)}</Fact>
      <Fact label="Opened by">{`${exp.opened_by}, ${formatDateTime(exp.created_at)}`}</Fact>
      <Fact label={exp.state === 'open' ? 'Expires' : 'Ended'}>{formatDateTime(exp.state === 'open' ? exp.expires_at : (exp.ended_at ?? exp.expires_at))}</Fact>
    </dl>
  );
}

/** Each component's custodian, KCV and when it was revealed; never a value. */
export function ExportComponents({ exp }: { exp: KeyComponentExport }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label="Components" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Custodian</Table.Th>
            <Table.Th>KCV</Table.Th>
            <Table.Th>Revealed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exp.components.map((component) => (
            <Table.Tr key={component.position}>
              <Table.Td>{component.position}</Table.Td>
              <Table.Td>{component.custodian}</Table.Td>
              <Table.Td ff="monospace">{component.kcv}</Table.Td>
              <Table.Td>{component.revealed_at ? formatDateTime(component.revealed_at) : 'Not yet'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
