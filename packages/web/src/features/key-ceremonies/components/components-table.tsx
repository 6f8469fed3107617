import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';

interface ListedComponent {
  position: number;
  custodian: string;
  kcv: string;
}

interface ComponentsTableProps<T extends ListedComponent> {
  components: T[];
  /** The last column: when a component was entered or revealed. */
  whenLabel: string;
  when: (component: T) => string;
}

/** Each component's custodian and KCV, and when it was handled; never a value. */
export function ComponentsTable<T extends ListedComponent>({ components, whenLabel, when }: ComponentsTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label="Components" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Custodian</Table.Th>
            <Table.Th>KCV</Table.Th>
            <Table.Th>{whenLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {components.map((component) => (
            <Table.Tr key={component.position}>
              <Table.Td>{component.position}</Table.Td>
              <Table.Td>{component.custodian}</Table.Td>
              <Table.Td ff="monospace">{component.kcv}</Table.Td>
              <Table.Td>{when(component)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
