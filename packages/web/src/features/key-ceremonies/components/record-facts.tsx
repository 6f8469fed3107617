import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/datetime';

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

/** A ceremony's or an export's facts, label beside value. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.4rem 1.25rem', margin: 0 }}>{children}</dl>;
}

interface OpenedRecord {
  state: string;
  opened_by: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

/** Who opened the record and when, then when it expires or, once over, when it ended. */
export function OpenedAndEndedFacts({ record }: { record: OpenedRecord }) {
  return (
    <>
      <Fact label="Opened by">{`${record.opened_by}, ${formatDateTime(record.created_at)}`}</Fact>
      <Fact label={record.state === 'open' ? 'Expires' : 'Ended'}>{formatDateTime(record.state === 'open' ? record.expires_at : (record.ended_at ?? record.expires_at))}</Fact>
    </>
  );
}
