import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** Facts of one thing (a CA, a certificate) as a description list: labels in one column, values beside them. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.5rem 1.25rem', margin: 0 }}>{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}
