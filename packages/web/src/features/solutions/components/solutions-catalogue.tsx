import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Permission } from '@keydeck/contract/permissions';
import { serviceTypeName } from '@keydeck/contract/services';
import type { AccountSolution } from '@keydeck/contract/solutions';
import { Can } from '../../../lib/can';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { accountSolutionsQueryOptions } from '../api/solutions.api';
import { RunStatusBadge } from './run-status-badge';

interface SolutionsCatalogueProps {
  accountId: string;
  onNew: () => void;
  onEdit: (solutionId: string) => void;
  onOnboard: (solutionId: string) => void;
}

/** Every solution, with this account's last onboarding of it, and the way to onboard one or define a new one. */
export function SolutionsCatalogue({ accountId, onNew, onEdit, onOnboard }: SolutionsCatalogueProps) {
  const query = useQuery(accountSolutionsQueryOptions(accountId));
  const columns: DataTableColumn<AccountSolution>[] = [
    {
      key: 'name',
      title: 'Solution',
      render: ({ solution }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {solution.name}
          </Text>
          {solution.description ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {solution.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'services',
      title: 'Services',
      render: ({ solution }) => solution.services.map((s) => `${s.name} (${serviceTypeName(s.type)})`).join(', '),
    },
    {
      key: 'last_run',
      title: 'Last onboarding',
      render: ({ last_run }) =>
        last_run ? (
          <Group gap="xs">
            <RunStatusBadge status={last_run.status} />
            <Text size="xs" c="dimmed">
              {formatDateTime(last_run.created_at)}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: ({ solution }) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" onClick={() => onOnboard(solution.id)} aria-label={`Onboard ${solution.name}`}>
            Onboard
          </Button>
          <Button size="xs" variant="subtle" onClick={() => onEdit(solution.id)} aria-label={`Edit ${solution.name}`}>
            Edit
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          Solutions
        </Title>
        <Can permission={Permission.platformAdmin} mode="disable">
          <Button onClick={onNew}>New solution</Button>
        </Can>
      </Group>
      <DataTable
        label="Solutions"
        columns={columns}
        query={query}
        rowKey={({ solution }) => solution.id}
        emptyText="No solution is defined yet: define one with New solution."
      />
    </Stack>
  );
}
