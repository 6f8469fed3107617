import { describe, expect, it } from 'vitest';
import { Messages } from '@keydeck/contract/messages';
import { batchReportLines, failuresFirst, reportCsv } from './device-report';

const results = [
  { serial: 'A1', success: true, outcome: 'changed' as const, message: Messages.deviceLockChanged('A1', true) },
  { serial: 'A2', success: false, outcome: 'failed' as const, message: Messages.deviceLockFailed('A2', Messages.deviceNotFound) },
  { serial: 'A3', success: true, outcome: 'changed' as const, message: Messages.deviceLockChanged('A3', true) },
];

describe('the batch report', () => {
  it('lists failures first, each part in the order the server answered, with its text as it came', () => {
    expect(failuresFirst(batchReportLines(results)).map((line) => line.message)).toEqual([
      'Failed to change lock status for device A2: No device with this serial in this service.',
      'Locked device A1',
      'Locked device A3',
    ]);
  });

  it('downloads as CSV with one line per device', () => {
    const csv = reportCsv(batchReportLines(results.slice(0, 2)), 'serial');
    expect(csv).toBe(
      'serial,result,message\r\nA1,succeeded,Locked device A1\r\nA2,failed,Failed to change lock status for device A2: No device with this serial in this service.\r\n',
    );
  });
});
