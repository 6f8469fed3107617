import '@mantine/core/styles/Card.css';
import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

/** Why the workspace cannot open yet, and the buttons that fix it. */
export function WorkspaceGuidance({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Card withBorder padding="xl" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
        <Group gap="sm" mt="xs">
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}
