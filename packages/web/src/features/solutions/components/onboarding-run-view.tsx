import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { runInFlight, STEP_STATUS_LABELS, type OnboardingRun, type OnboardingStep } from '@keydeck/contract/solutions';
import { formatDateTime } from '../../../lib/datetime';
import { RunStatusBadge } from './run-status-badge';

const MARKS: Record<Exclude<OnboardingStep['status'], 'running'>, string> = { pending: '○', done: '✓', failed: '✕' };

function StepMark({ status }: { status: OnboardingStep['status'] }) {
  if (status === 'running') return <Loader size={14} aria-hidden />;
  return (
    <Text span aria-hidden c={status === 'failed' ? 'error' : status === 'done' ? 'success' : 'dimmed'} fw={700}>
      {MARKS[status]}
    </Text>
  );
}

interface OnboardingRunViewProps {
  run: OnboardingRun;
  /** Starts a new run after a failure; only what is missing is created. */
  onRetry: () => void;
  retrying: boolean;
}

/** An onboarding run: its status, each step with its progress, and for a failed run its error and Retry. */
export function OnboardingRunView({ run, onRetry, retrying }: OnboardingRunViewProps) {
  return (
    <Stack gap="sm" aria-label="Onboarding run" role="region">
      <Group gap="sm">
        <RunStatusBadge status={run.status} />
        <Text size="sm" c="dimmed">
          Started {formatDateTime(run.created_at)} by {run.started_by}
          {run.finished_at ? ` · finished ${formatDateTime(run.finished_at)}` : ''}
        </Text>
      </Group>
      <List listStyleType="none" spacing={6} aria-label="Steps">
        {run.steps.map((step) => (
          <List.Item key={step.key} icon={<StepMark status={step.status} />}>
            <Text size="sm" span>
              {step.label}
            </Text>
            <Text size="sm" span c="dimmed">
              {' '}
              · {STEP_STATUS_LABELS[step.status]}
              {step.detail ? `: ${step.detail}` : ''}
            </Text>
          </List.Item>
        ))}
      </List>
      {run.status === 'failed' ? (
        <Alert color="error" variant="light" title="Onboarding failed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{run.error}</Text>
            <Button size="xs" onClick={onRetry} loading={retrying}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {runInFlight(run.status) ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          Onboarding is under way; this page follows it.
        </Text>
      ) : null}
    </Stack>
  );
}
