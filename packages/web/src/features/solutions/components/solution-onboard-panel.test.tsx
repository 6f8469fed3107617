import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { ACCOUNT_ID, run, solution, SOLUTION_ID } from '../solution.fixtures';
import { SolutionOnboardPanel } from './solution-onboard-panel';
import { SolutionsCatalogue } from './solutions-catalogue';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const admin = sessionWith([Permission.platformAdmin]);
const runsPath = `${apiPath(ApiPath.solutionRuns, { account_id: ACCOUNT_ID })}?solution_id=${SOLUTION_ID}&page_size=1`;

function server(runs: ReturnType<typeof run>[]) {
  const onboarded = vi.fn();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === apiPath(ApiPath.solution, { solution_id: SOLUTION_ID })) return jsonResponse(200, { data: solution() });
    if (method === 'GET' && url === runsPath) return jsonResponse(200, { data: runs.slice(0, 1), total: runs.length });
    if (method === 'POST' && url === apiPath(ApiPath.solutionOnboard, { account_id: ACCOUNT_ID, solution_id: SOLUTION_ID })) {
      const started = run({ status: 'queued', steps: run().steps.map((s) => ({ ...s, status: 'pending' as const, detail: null })) });
      runs.unshift(started);
      onboarded();
      return jsonResponse(202, { data: started });
    }
    if (method === 'GET' && url === apiPath(ApiPath.accountSolutions, { account_id: ACCOUNT_ID })) {
      return jsonResponse(200, {
        data: [
          { solution: solution(), last_run: runs[0] ?? null },
          { solution: solution({ id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'PIN debit', services: [] }), last_run: null },
        ],
      });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return { onboarded };
}

describe('onboarding a solution', () => {
  afterEach(() => vi.restoreAllMocks());

  it('onboards a solution never onboarded here and shows the new run’s steps', async () => {
    const { onboarded } = server([]);
    renderWithSession(<SolutionOnboardPanel accountId={ACCOUNT_ID} solutionId={SOLUTION_ID} />, admin);
    expect(await screen.findByRole('heading', { name: 'Onboard P2PE for retail' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Onboard' }));
    await waitFor(() => expect(onboarded).toHaveBeenCalledOnce());
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(screen.getByText('Create the Cryptoverse service Retail P2PE')).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Onboarding P2PE for retail started.' });
    expect(screen.queryByRole('button', { name: 'Onboard' })).toBeNull();
  });

  it('offers Retry on a failed run, which starts a new one', async () => {
    const { onboarded } = server([run({ status: 'failed', error: 'Onboarding failed: the service Retail P2PE was deleted while onboarding' })]);
    renderWithSession(<SolutionOnboardPanel accountId={ACCOUNT_ID} solutionId={SOLUTION_ID} />, admin);
    expect(await screen.findByText('Onboarding failed: the service Retail P2PE was deleted while onboarding')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onboarded).toHaveBeenCalledOnce());
    expect(await screen.findByText('Queued')).toBeTruthy();
  });

  it('lists the catalogue with this account’s last run of each solution', async () => {
    server([run({ status: 'succeeded', finished_at: '2026-11-25T01:05:00.000Z' })]);
    const onOnboard = vi.fn();
    renderWithSession(<SolutionsCatalogue accountId={ACCOUNT_ID} onNew={vi.fn()} onEdit={vi.fn()} onOnboard={onOnboard} />, admin);
    expect(await screen.findByText('Succeeded')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByText('Retail P2PE (Cryptoverse)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Onboard PIN debit' }));
    expect(onOnboard).toHaveBeenCalledWith('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
  });
});
