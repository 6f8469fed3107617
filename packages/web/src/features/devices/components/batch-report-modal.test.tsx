import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import type { DeviceBatchResult } from '@keydeck/contract/devices';
import { renderWithSession, sessionWith } from '../../../test/render';
import { batchReportLines } from '../api/device-report';
import { BatchReportModal } from './batch-report-modal';

/** A 40-device move as the server answers it: 37 moved, 2 already in the group, 1 unknown serial. */
const results: DeviceBatchResult[] = Array.from({ length: 40 }, (_, i) => {
  const serial = `D-${String(i + 1).padStart(2, '0')}`;
  if (i === 25) return { serial, success: false, outcome: 'failed', message: Messages.deviceMoveFailed(serial, 'North') };
  if (i === 3 || i === 30) return { serial, success: true, outcome: 'unchanged', message: Messages.deviceAlreadyInGroup(serial, 'North') };
  return { serial, success: true, outcome: 'changed', message: Messages.deviceMoved(serial, 'North') };
});

const render = () =>
  renderWithSession(
    <BatchReportModal report={{ title: 'Move to group: result', lines: batchReportLines(results), nameColumn: 'serial' }} onClose={vi.fn()} />,
    sessionWith([]),
  );
const items = (report: HTMLElement) => within(report).getAllByRole('listitem').map((item) => item.textContent);

describe('the batch report of a 40-device move', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts each outcome, lists failures first, then what was already so, and filters by outcome or serial', async () => {
    render();
    const report = await screen.findByTestId('batch-report');
    expect(within(report).getByText('37 succeeded, 2 unchanged, 1 failed')).toBeTruthy();
    expect(items(report).slice(0, 3)).toEqual([
      'Failed to move: D-26 to group North',
      'Device D-04 is already in group North: nothing changed',
      'Device D-31 is already in group North: nothing changed',
    ]);

    fireEvent.click(within(report).getByRole('radio', { name: 'Unchanged (2)' }));
    expect(items(report)).toEqual(['Device D-04 is already in group North: nothing changed', 'Device D-31 is already in group North: nothing changed']);
    fireEvent.click(within(report).getByRole('radio', { name: 'All (40)' }));
    fireEvent.change(within(report).getByRole('searchbox', { name: 'Filter results by serial or text' }), { target: { value: 'd-1' } });
    expect(items(report)).toHaveLength(10);
    expect(within(report).getByText('Showing 10 of 40 results.')).toBeTruthy();
  });

  it('downloads the whole report as CSV, whatever its size, failures first', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Download report (CSV)' }));
    const lines = (await blobs[0]!.text()).trim().split('\r\n');
    expect(lines).toHaveLength(41);
    expect(lines.slice(0, 3)).toEqual(['serial,result,message', 'D-26,failed,Failed to move: D-26 to group North', 'D-04,unchanged,Device D-04 is already in group North: nothing changed']);
  });
});
