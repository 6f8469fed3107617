import type { DeviceBatchResult } from '@keydeck/contract/devices';
import { csvLine } from '@keydeck/contract/csv';

/** A big batch's dialog shows this many lines; the whole report downloads as CSV. */
export const REPORT_LINES_SHOWN = 500;

/** How a batch left one device or group: done, already as asked (nothing changed), or failed. */
export type ReportOutcome = 'succeeded' | 'unchanged' | 'failed';

/** Failures first (they need the reader), then what needed nothing, then what was done. */
export const REPORT_OUTCOMES: readonly ReportOutcome[] = ['failed', 'unchanged', 'succeeded'];

export interface ReportLine {
  /** The device serial or group name the line is about. */
  name: string;
  outcome: ReportOutcome;
  /** The server's text, as it came (the spec's words). */
  message: string;
}

const OUTCOME_OF = { changed: 'succeeded', unchanged: 'unchanged', failed: 'failed' } as const;

export const batchReportLines = (results: readonly DeviceBatchResult[]): ReportLine[] =>
  results.map(({ serial, outcome, message }) => ({ name: serial, outcome: OUTCOME_OF[outcome], message }));

/** A result that says only whether it worked (a group delete), as a report line. */
export const lineOf = ({ name, success, message }: { name: string; success: boolean; message: string }): ReportLine => ({
  name,
  outcome: success ? 'succeeded' : 'failed',
  message,
});

/** Failures first, then the unchanged, then the done, each part in the server's order. */
export const failuresFirst = (lines: readonly ReportLine[]): ReportLine[] =>
  REPORT_OUTCOMES.flatMap((outcome) => lines.filter((line) => line.outcome === outcome));

/** How many lines have each outcome. */
export function outcomeCounts(lines: readonly ReportLine[]): Record<ReportOutcome, number> {
  const counts = { succeeded: 0, unchanged: 0, failed: 0 };
  for (const line of lines) counts[line.outcome] += 1;
  return counts;
}

/** The lines with one outcome (or all), whose name or text holds the fragment, ignoring case. */
export function filterLines(lines: readonly ReportLine[], outcome: ReportOutcome | 'all', fragment: string): ReportLine[] {
  const needle = fragment.trim().toLowerCase();
  return lines.filter(
    (line) =>
      (outcome === 'all' || line.outcome === outcome) &&
      (!needle || line.name.toLowerCase().includes(needle) || line.message.toLowerCase().includes(needle)),
  );
}

/** The whole report as CSV: name, result, message. */
export function reportCsv(lines: readonly ReportLine[], nameColumn: string): string {
  const body = lines.map((line) => csvLine([line.name, line.outcome, line.message]));
  return [csvLine([nameColumn, 'result', 'message']), ...body].join('\r\n') + '\r\n';
}
