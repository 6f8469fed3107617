import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

/** The login group's card with a sign-up page's heading. */
export function RegistrationCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      <Title order={1} fz="h3" mb={intro ? 4 : 'lg'}>
        {title}
      </Title>
      {intro ? (
        <Text size="sm" c="dimmed" mb="lg">
          {intro}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
