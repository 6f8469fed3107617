import '@mantine/core/styles/Table.css';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { EXPORTABILITY, KEY_ALGORITHM_LABELS } from '@keydeck/contract/payment-keys';
import type { CeremonyAttributes } from './ceremony-attributes-form';
import { Kcv, modeLabel, usageLabel } from './key-cells';

interface CeremonyReviewProps {
  attributes: CeremonyAttributes;
  /** The KCVs of the confirmed components, in order (never their values). */
  kcvs: string[];
  pending: boolean;
  onCreate: () => void;
  onCancel: () => void;
}

/** Before the one call that sends the components: what will be created, and each component's confirmed KCV. */
export function CeremonyReview({ attributes, kcvs, pending, onCreate, onCancel }: CeremonyReviewProps) {
  const facts: [string, string][] = [
    ['Name', attributes.name],
    ['Key group', attributes.group],
    ['Algorithm', KEY_ALGORITHM_LABELS[attributes.algorithm]],
    ['Key usage', usageLabel(attributes.usage)],
    ['Mode of use', modeLabel(attributes.mode_of_use)],
    ['Exportability', `${attributes.exportability} · ${EXPORTABILITY[attributes.exportability]}`],
    ['Key version', attributes.version],
  ];
  return (
    <Stack gap="md">
      <Text size="sm">All {kcvs.length} components are confirmed. Creating the key combines them in the keystore.</Text>
      <Table aria-label="Key to create" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160} scope="row" fw={500} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
          {kcvs.map((kcv, i) => (
            <Table.Tr key={`component-${i}`}>
              <Table.Th scope="row" fw={500} c="dimmed">
                Component {i + 1}
              </Table.Th>
              <Table.Td>
                <Group gap="xs">
                  <Kcv value={kcv} />
                  <Text size="sm" c="dimmed">
                    confirmed
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {attributes.kcv ? (
            <Table.Tr>
              <Table.Th scope="row" fw={500} c="dimmed">
                Expected combined KCV
              </Table.Th>
              <Table.Td>
                <Kcv value={attributes.kcv} />
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel ceremony
        </Button>
        <Button onClick={onCreate} loading={pending} data-autofocus>
          Create key
        </Button>
      </Group>
    </Stack>
  );
}
