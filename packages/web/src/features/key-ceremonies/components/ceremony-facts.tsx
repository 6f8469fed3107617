import { Text } from '@mantine/core';
import type { KeyCeremony } from '@keydeck/contract/key-ceremonies';
import { EXPORTABILITY, KEY_ALGORITHM_LABELS, KEY_USAGES, MODES_OF_USE } from '@keydeck/contract/payment-keys';
import { formatDateTime } from '../../../lib/datetime';
import { CeremonyStateBadge, custodiansText, progressText } from './ceremony-columns';
import { ComponentsTable } from './components-table';
import { Fact, FactList } from '../../../lib/ui/fact-list';
import { OpenedAndEndedFacts } from './record-facts';

/** A TR-31 code with its meaning, when the contract knows it. */
const explained = (code: string, meanings: Record<string, string>) => (meanings[code] ? `${code} · ${meanings[code]}` : code);

/** The key a ceremony assembles, and where the ceremony stands. */
export function CeremonyFacts({ ceremony }: { ceremony: KeyCeremony }) {
  return (
    <FactList>
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
      <OpenedAndEndedFacts record={ceremony} />
    </FactList>
  );
}

/** Who entered which component, when, with its KCV. */
export function CeremonyComponents({ ceremony }: { ceremony: KeyCeremony }) {
  if (ceremony.components.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No component entered yet.
      </Text>
    );
  }
  return <ComponentsTable components={ceremony.components} whenLabel="Entered" when={(component) => formatDateTime(component.entered_at)} />;
}
