import '@mantine/core/styles/Table.css';
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import type { KeyCeremony } from '@keydeck/contract/key-ceremonies';
import { EXPORTABILITY, KEY_ALGORITHM_LABELS, KEY_USAGES, MODES_OF_USE } from '@keydeck/contract/payment-keys';
import { formatDateTime } from '../../../lib/datetime';
import { CeremonyStateBadge, custodiansText, progressText } from './ceremony-columns';

/** A TR-31 code with its meaning, when the contract knows it. */
const explained = (code: string, meanings: Record<string, string>) => (meanings[code] ? `${code} · ${meanings[code]}` : code);

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </>
  );
}

/** The key a ceremony assembles, and where the ceremony stands. */
export function CeremonyFacts({ ceremony }: { ceremony: KeyCeremony }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.4rem 1.25rem', margin: 0 }}>
      <Fact label="State">
        <CeremonyStateBadge state={ceremony.state} />
      </Fact>
      {ceremony.ended_reason ? <Fact label="Why">{ceremony.ended_reason}</Fact> : null}
      <Fact label="Key group">{ceremony.group}</Fact>
      <Fact label="Algorithm">{KEY_ALGORITHM_LABELS[ceremony.algorithm]}</Fact>
      <Fact label="Key usage">{explained(ceremony.usage, KEY_USAGES)}</Fact>
      <Fact label="Mode of use">{explained(ceremony.mode_of_use, MODES_OF_USE)}</Fact>
      <Fact label="Exportability">{explained(ceremony.exportability, EXPORTABILITY)}</Fact>
      <Fact label="Key version">{ceremony.version}</Fact>
      <Fact label="Components">{progressText(ceremony)}</Fact>
      <Fact label="Custodians">{custodiansText(ceremony)}</Fact>
      <Fact label="Opened by">{`${ceremony.opened_by}, ${formatDateTime(ceremony.created_at)}`}</Fact>
      <Fact label={ceremony.state === 'open' ? 'Expires' : 'Ended'}>{formatDateTime(ceremony.state === 'open' ? ceremony.expires_at : (ceremony.ended_at ?? ceremony.expires_at))}</Fact>
    </dl>
  );
}

/** Who entered which component, when, with its KCV; never a value. */
export function CeremonyComponents({ ceremony }: { ceremony: KeyCeremony }) {
  if (ceremony.components.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No component entered yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label="Components" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Custodian</Table.Th>
            <Table.Th>KCV</Table.Th>
            <Table.Th>Entered</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ceremony.components.map((component) => (
            <Table.Tr key={component.position}>
              <Table.Td>{component.position}</Table.Td>
              <Table.Td>{component.custodian}</Table.Td>
              <Table.Td ff="monospace">{component.kcv}</Table.Td>
              <Table.Td>{formatDateTime(component.entered_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
