import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';

export interface ImportProblem {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  serial: string;
  messages: string[];
}

/** Problems beyond this many are counted, not listed. */
const SHOWN = 500;

/** The rows an import would refuse, each with every reason (the contract's, then the server's words). */
export function ImportProblems({ problems }: { problems: ImportProblem[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={480} type="native" maxHeight={300} tabIndex={0}>
        <Table aria-label="Rows with problems" verticalSpacing={4} stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              <Table.Th w={160}>Serial</Table.Th>
              <Table.Th>Problems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.slice(0, SHOWN).map((problem) => (
              <Table.Tr key={problem.row}>
                <Table.Td>{problem.row}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{problem.serial || '—'}</Table.Td>
                <Table.Td>
                  {problem.messages.map((message) => (
                    <Text key={message} size="sm" c="var(--mantine-color-error)">
                      {message}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {problems.length > SHOWN ? (
        <Text size="sm" c="dimmed">
          Showing the first {SHOWN} of {problems.length.toLocaleString('en-US')} rows with problems.
        </Text>
      ) : null}
    </>
  );
}
