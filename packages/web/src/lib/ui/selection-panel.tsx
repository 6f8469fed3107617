import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';

interface SelectionPanelProps {
  /** What is selected, in words ("3 selected"). */
  summary: ReactNode;
  /** Beside the summary (an offer to widen the selection). */
  extra?: ReactNode;
  /** The batch actions, before Clear selection. */
  actions: ReactNode;
  onClear: () => void;
  busy?: boolean;
  /** Below the bar (a batch's progress). */
  children?: ReactNode;
}

/** The bar every list shows while rows are selected: what is selected, the batch actions and Clear selection. */
export function SelectionPanel({ summary, extra, actions, onClear, busy = false, children }: SelectionPanelProps) {
  return (
    <Paper withBorder px="md" py="xs" bg="var(--mantine-color-default-hover)" role="region" aria-label="Selection">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {summary}
            </Text>
            {extra}
          </Group>
          <Group gap="xs">
            {actions}
            <Button size="xs" variant="default" onClick={onClear} disabled={busy}>
              Clear selection
            </Button>
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
