import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListHeadingProps {
  title: string;
  /** 1 when the list is the page, 2 when it is one tab or section of it (the same list can be both). */
  order: 1 | 2;
  description: ReactNode;
  /** A narrower description, where a long one would run the width of the page. */
  descriptionWidth?: number;
  /** What creates a row (New …, Add …), on the right. */
  actions?: ReactNode;
}

/** The heading above a list: its title and what it holds, and beside them what adds to it. */
export function ListHeading({ title, order, description, descriptionWidth, actions }: ListHeadingProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={order} fz={order === 1 ? 'h2' : 'h4'}>
          {title}
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={descriptionWidth}>
          {description}
        </Text>
      </div>
      {actions}
    </Group>
  );
}
