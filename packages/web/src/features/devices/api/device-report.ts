import type { DeviceBatchResult } from '@keydeck/contract/devices';
import { csvLine } from './device-csv';

/** A big batch's dialog shows this many lines; the whole report downloads as CSV. */
export const REPORT_LINES_SHOWN = 500;

export interface ReportLine {
  /** The device serial or group name the line is about. */
  name: string;
  success: boolean;
  /** The server's text, as it came (the spec's words). */
  message: string;
}

export const batchReportLines = (results: readonly DeviceBatchResult[]): ReportLine[] =>
  results.map(({ serial, success, message }) => ({ name: serial, success, message }));

/** Failures first (they need the reader), each part in the server's order. */
export const failuresFirst = (lines: readonly ReportLine[]): ReportLine[] => [
  ...lines.filter((line) => !line.success),
  ...lines.filter((line) => line.success),
];

/** The whole report as CSV: name, result, message. */
export function reportCsv(lines: readonly ReportLine[], nameColumn: string): string {
  const body = lines.map((line) => csvLine([line.name, line.success ? 'succeeded' : 'failed', line.message]));
  return [csvLine([nameColumn, 'result', 'message']), ...body].join('\r\n') + '\r\n';
}
