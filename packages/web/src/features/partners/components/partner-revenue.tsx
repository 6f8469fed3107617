import { Stack, Text } from '@mantine/core';
import type { PartnerRevenue } from '@keydeck/contract/partners';
import { formatMoney } from '../../../lib/money';

/** One line per currency paid in: its revenue, or the commission due on it (`show`); a dash when nothing was paid. */
export function PartnerMoney({ revenue, show }: { revenue: PartnerRevenue[]; show: 'amount' | 'commission' }) {
  if (revenue.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {revenue.map((line) => (
        <Text key={line.currency} size="sm" ff="monospace">
          {formatMoney(line[show], line.currency)}
        </Text>
      ))}
    </Stack>
  );
}
