import { Card, Skeleton, Text } from '@mantine/core';

interface FactCardProps {
  label: string;
  /** undefined while loading: a skeleton holds the place. */
  value: string | undefined;
  /** Codes and keys read better in a fixed-width face. */
  mono?: boolean;
  testId?: string;
}

/** One read-only fact of a settings page (an account code, an allowance): a small caption over the value. */
export function FactCard({ label, value, mono = false, testId }: FactCardProps) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={22} mt={6} width="60%" />
      ) : (
        <Text fz="lg" fw={600} mt={4} ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
          {value}
        </Text>
      )}
    </Card>
  );
}
