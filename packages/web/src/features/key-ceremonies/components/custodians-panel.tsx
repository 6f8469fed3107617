import '@mantine/core/styles/Table.css';
import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { KeyCustodiansResponse } from '@keydeck/contract/key-ceremonies';
import { formatDateTime } from '../../../lib/datetime';
import { policySummary } from '../api/ceremony-texts';

interface CustodiansPanelProps {
  custodians: KeyCustodiansResponse | undefined;
  /** Designating custodians is for service user administrators (User at Modify); null hides the button. */
  onDesignate: (() => void) | null;
}

/** Who may enter key components in this service, and its ceremony policy in words. */
export function CustodiansPanel({ custodians, onDesignate }: CustodiansPanelProps) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="key-custodians-heading">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={3} fz="h4" id="key-custodians-heading">
          Key custodians
        </Title>
        {onDesignate ? (
          <Button variant="default" onClick={onDesignate} disabled={!custodians}>
            Designate custodians
          </Button>
        ) : null}
      </Group>
      {!custodians ? (
        <Skeleton height={60} />
      ) : (
        <>
          {custodians.custodians.length === 0 ? (
            <Text size="sm" c="dimmed">
              No key custodians yet
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label="Designated key custodians" verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Custodian</Table.Th>
                    <Table.Th>Designated by</Table.Th>
                    <Table.Th>When</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {custodians.custodians.map((custodian) => (
                    <Table.Tr key={custodian.user_id}>
                      <Table.Td fw={600}>{custodian.username}</Table.Td>
                      <Table.Td>{custodian.designated_by}</Table.Td>
                      <Table.Td>{formatDateTime(custodian.designated_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text size="sm" data-testid="ceremony-policy">
            {policySummary(custodians.policy)}
          </Text>
        </>
      )}
    </Stack>
  );
}
