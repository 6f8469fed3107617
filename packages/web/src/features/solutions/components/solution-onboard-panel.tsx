import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { runInFlight } from '@keydeck/contract/solutions';
import { serviceTypeName } from '@keydeck/contract/services';
import { showToast } from '../../../lib/toasts';
import { latestRunQueryOptions, solutionQueryOptions, useOnboard } from '../api/solutions.api';
import { OnboardingRunView } from './onboarding-run-view';

/** Onboards a solution onto the account: what it creates, the Onboard action, and the latest run followed live. */
export function SolutionOnboardPanel({ accountId, solutionId }: { accountId: string; solutionId: string }) {
  const solution = useQuery(solutionQueryOptions(solutionId));
  const run = useQuery(latestRunQueryOptions(accountId, solutionId));
  const onboard = useOnboard(accountId);

  const start = async () => {
    const started = await onboard.mutateAsync(solutionId).catch(() => null);
    if (started) showToast({ color: 'success', message: `Onboarding ${started.solution_name} started.` });
  };

  if (solution.isError) {
    return (
      <Alert color="error" variant="light" title="The solution could not be loaded">
        {solution.error.message}
      </Alert>
    );
  }
  if (!solution.data || run.isPending) return <Skeleton height={120} aria-label="Loading the solution" />;
  const busy = run.data ? runInFlight(run.data.status) : false;

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Onboard {solution.data.name}
      </Title>
      <Text size="sm">
        Creates {solution.data.services.map((s) => `${s.name} (${serviceTypeName(s.type)})`).join(', ')} on this account, waits until each service is
        enabled, then creates its key groups and device models. What the account already has is kept.
      </Text>
      {run.data ? null : (
        <Group>
          <Button onClick={() => void start()} loading={onboard.isPending}>
            Onboard
          </Button>
        </Group>
      )}
      {run.data ? (
        <>
          <OnboardingRunView run={run.data} onRetry={() => void start()} retrying={onboard.isPending} />
          {run.data.status === 'succeeded' && !busy ? (
            <Group>
              <Button variant="default" onClick={() => void start()} loading={onboard.isPending}>
                Onboard again
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
