import { Text } from '@mantine/core';
import type { KeyComponentExport } from '@keydeck/contract/key-ceremonies';
import { KEY_ALGORITHM_LABELS } from '@keydeck/contract/payment-keys';
import { formatDateTime } from '../../../lib/datetime';
import { revealedText } from '../api/ceremony-texts';
import { CeremonyStateBadge } from './ceremony-columns';
import { ComponentsTable } from './components-table';
import { exportCustodiansText } from './export-columns';
import { Fact, FactList } from '../../../lib/ui/fact-list';
import { OpenedAndEndedFacts } from './record-facts';

/** The key an export splits, and where the export stands. */
export function ExportFacts({ exp }: { exp: KeyComponentExport }) {
  return (
    <FactList>
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
      <OpenedAndEndedFacts record={exp} />
    </FactList>
  );
}

/** Each component's custodian, KCV and when it was revealed. */
export function ExportComponents({ exp }: { exp: KeyComponentExport }) {
  return <ComponentsTable components={exp.components} whenLabel="Revealed" when={(component) => (component.revealed_at ? formatDateTime(component.revealed_at) : 'Not yet')} />;
}
