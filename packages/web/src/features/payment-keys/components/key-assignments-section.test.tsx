import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { confirmAction } from '../../../lib/dialogs';
import { jsonResponse, renderWithSession, sessionWith, enabledService, serviceLoginResponse, serviceGroupResponse } from '../../../test/render';
import { SEARCH_FALLBACK_MS } from '../api/assignment-search';
import { KeyAssignmentsSection } from './key-assignments-section';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
/** The confirm dialog answered Yes: it runs the action. */
const yes = (_question: string, run: () => Promise<unknown>) => run();

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b04';
const service = enabledService(SERVICE_ID);
const assignment = (group: string, slot: number, key: string) => ({
  group,
  key_slot: slot,
  key,
  key_group: 'Acquirer',
  key_retrieval_algorithm: 'static',
  algorithm: 'TDES_2KEY',
  usage: 'K0',
  kcv: '08D7B4',
  created_at: '2026-02-01T00:00:00.000Z',
});
const NORTH = assignment('North', 1, 'KEK North');
const SOUTH = assignment('South', 2, 'KEK South');
/** How long the debounced search box waits after the last key before it commits the term. */
const TYPING_PAUSE_MS = 400;

/** A live session with Key at `level`; the unfiltered list answers at once, a search waits for `answerSearch`. */
function server(level: 'View' | 'Modify') {
  let answerSearch: (rows: unknown[]) => void = () => {};
  const searched = new Promise<unknown[]>((resolve) => (answerSearch = resolve));
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.includes('/service_user_group/current')) return serviceGroupResponse({ Key: level });
    if (url.startsWith(ApiPath.keyAssignments) && init?.method === 'DELETE') {
      return jsonResponse(200, {
        results: [
          { name: 'North slot 1', success: true, message: Messages.assignmentRemoved('North', 1) },
          { name: 'South slot 2', success: false, message: Messages.assignmentRemoveFailed('South', 2, Messages.assignmentUnknown) },
        ],
      });
    }
    if (url.startsWith(ApiPath.keyAssignments)) {
      if (!new URL(url, 'http://x').searchParams.has('search')) return jsonResponse(200, { data: [NORTH, SOUTH], total: 2, total_capped: false, next_cursor: null, prev_cursor: null });
      const rows = await searched;
      return jsonResponse(200, { data: rows, total: rows.length, total_capped: false, next_cursor: null, prev_cursor: null });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
  return { spy, answerSearch: (rows: unknown[]) => answerSearch(rows) };
}

const render = () => renderWithSession(<KeyAssignmentsSection service={service} />, sessionWith([]));
const tableText = () => screen.getByRole('table', { name: 'Key assignments' }).textContent ?? '';

describe('KeyAssignmentsSection', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('falls back to the loaded rows that match after 1500 ms without the server’s answer, until the answer comes', async () => {
    const { answerSearch } = server('View');
    render();
    const table = await screen.findByRole('table', { name: 'Key assignments' });
    await within(table).findByText('KEK North');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by device group or key' }), { target: { value: 'sou' } });
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS));
    // The search is running: the previous rows stay, no fallback yet.
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_FALLBACK_MS - 300));
    expect(screen.queryByText('The search is still running')).toBeNull();
    expect(tableText()).toContain('KEK North');

    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(await screen.findByText('The search is still running')).toBeTruthy();
    expect(tableText()).toContain('KEK South');
    expect(tableText()).not.toContain('KEK North');

    // The server's answer replaces the fallback.
    await act(async () => answerSearch([SOUTH]));
    await vi.waitFor(() => expect(screen.queryByText('The search is still running')).toBeNull());
    expect(tableText()).toContain('KEK South');
  });

  it('removes the selected assignments after asking, and reports each slot in the spec’s words', async () => {
    const { spy } = server('Modify');
    render();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select North slot 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select South slot 2' }));
    vi.mocked(confirmAction).mockImplementation(yes);
    fireEvent.click(within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Remove' }));

    const report = await screen.findByTestId('result-report');
    expect(within(report).getByText('1 succeeded, 1 failed')).toBeTruthy();
    expect(within(report).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      Messages.assignmentRemoveFailed('South', 2, Messages.assignmentUnknown),
      Messages.assignmentRemoved('North', 1),
    ]);
    expect(vi.mocked(confirmAction).mock.calls[0]![0]).toBe('Remove 2 assignments? Devices of the group no longer get a key for the slot; the keys themselves stay.');
    const sent = spy.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ key_assignments: [{ group: 'North', key_slot: 1 }, { group: 'South', key_slot: 2 }] });
  });

  it('offers no change to a group that may only view keys', async () => {
    server('View');
    render();
    const table = await screen.findByRole('table', { name: 'Key assignments' });
    await within(table).findByText('KEK North');
    expect(screen.queryByRole('button', { name: 'Assign key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load to device' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });
});
