import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { SolutionMessages } from '@keydeck/contract/solutions';
import { renderWithSession, sessionWith } from '../../../test/render';
import { run } from '../solution.fixtures';
import { OnboardingRunView } from './onboarding-run-view';

describe('OnboardingRunView', () => {
  it('shows each step with its progress while the run is under way, and no Retry', () => {
    renderWithSession(<OnboardingRunView run={run()} onRetry={vi.fn()} retrying={false} />, sessionWith([]));
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    // The marks (✓, a spinner, ○) are for the eye; the words say the same.
    expect(steps.map((s) => s.textContent!.replace(/^[✓○✕]/, ''))).toEqual([
      'Create the Cryptoverse service Retail P2PE · Done: Created',
      'Wait until Retail P2PE is enabled · In progress: Waiting: Pending Provisioning',
      'Create 1 key group in Retail P2PE · Pending',
    ]);
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows why a failed run failed, and Retry starts again', () => {
    const reason = SolutionMessages.serviceWaitGaveUp('Retail P2PE', 1800);
    const failed = run({
      status: 'failed',
      error: SolutionMessages.stepFailed(reason),
      finished_at: '2026-11-25T01:30:00.000Z',
      steps: [{ ...run().steps[0]! }, { ...run().steps[1]!, status: 'failed', detail: reason }, run().steps[2]!],
    });
    const onRetry = vi.fn();
    renderWithSession(<OnboardingRunView run={failed} onRetry={onRetry} retrying={false} />, sessionWith([]));
    expect(screen.getByText(SolutionMessages.stepFailed(reason))).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem')[1]!.textContent).toContain(`Failed: ${reason}`);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
