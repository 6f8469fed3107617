import '@mantine/core/styles/Badge.css';
import { Badge, Text } from '@mantine/core';
import type { PortRange } from '@keydeck/contract/port-ranges';
import { rangeText } from '../api/port-ranges.api';

export function RangePorts({ range }: { range: PortRange }) {
  return (
    <Text ff="monospace" size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {rangeText(range)}
    </Text>
  );
}

export function RangeDescription({ range }: { range: PortRange }) {
  return range.description ? <Text size="sm">{range.description}</Text> : <Text size="sm" c="dimmed">—</Text>;
}

/** The account holding the range, or a "Free" badge. */
export function RangeHolder({ range }: { range: PortRange }) {
  return range.account_id ? (
    <Text size="sm">{range.account_name ?? range.account_id}</Text>
  ) : (
    <Badge variant="dot" color="success">
      Free
    </Badge>
  );
}
