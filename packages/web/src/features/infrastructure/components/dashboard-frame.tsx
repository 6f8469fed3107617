import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { ReactNode } from 'react';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../../lib/ui/query-error-alert';
import { PageHeader } from './infrastructure-cells';

interface DashboardFrameProps<T> {
  title: string;
  description: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** A dashboard page: its heading, then its charts once the figures have arrived (placeholders until then). */
export function DashboardFrame<T>({ title, description, query, children }: DashboardFrameProps<T>) {
  return (
    <Stack gap="lg">
      <PageHeader title={title} description={description} />
      <QueryErrorAlert title="The dashboard could not be loaded" query={query} />
      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-label="Loading the dashboard">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={280} radius="md" />
          ))}
        </SimpleGrid>
      ) : null}
      {query.data !== undefined ? children(query.data) : null}
    </Stack>
  );
}
