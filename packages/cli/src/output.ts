import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { csvLine } from '@keydeck/contract/csv';

export const OUTPUT_FORMATS = ['table', 'json', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** One column of a listing: its header and how a row's cell reads. */
export interface Column<R> {
  header: string;
  value: (row: R) => unknown;
}

/**
 * The one way a command prints. Results go to stdout in the chosen format (json prints the server's answer as it
 * came); progress and warnings go to stderr, so a pipe receives only the result.
 */
export class Output {
  constructor(
    readonly format: OutputFormat,
    private readonly out: Writable = process.stdout,
    private readonly err: Writable = process.stderr,
  ) {}

  /** A listing: a table, CSV with a header line, or (json) `answer`, the server's answer as is. */
  rows<R>(rows: readonly R[], columns: readonly Column<R>[], answer: unknown = rows): void {
    if (this.format === 'json') return this.json(answer);
    const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
    const headers = columns.map((column) => column.header);
    if (this.format === 'csv') {
      for (const line of [headers, ...cells]) this.out.write(`${csvLine(line)}\r\n`);
      return;
    }
    if (rows.length === 0) return this.progress('(none)');
    const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((line) => line[i]!.length)));
    const line = (values: string[]) => values.map((value, i) => (i === values.length - 1 ? value : value.padEnd(widths[i]!))).join('  ');
    this.out.write(`${[line(headers.map((h) => h.toUpperCase())), ...cells.map(line)].join('\n')}\n`);
  }

  /** One object: `Field  value` lines in a table, a one-row CSV, or (json) the answer as is. */
  record<R>(row: R, columns: readonly Column<R>[], answer: unknown = row): void {
    if (this.format !== 'table') return this.rows([row], columns, answer);
    const width = Math.max(...columns.map((column) => column.header.length));
    this.out.write(columns.map((column) => `${`${column.header}:`.padEnd(width + 2)}${cellText(column.value(row))}\n`).join(''));
  }

  json(value: unknown): void {
    this.out.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Text that is the result itself (a script, a CSV the server made), written as it is. */
  raw(text: string): void {
    this.out.write(text);
  }

  /** A result too large to hold, written as it arrives (a stream's end ends nothing: stdout stays open). */
  async pipe(source: AsyncIterable<Uint8Array>): Promise<void> {
    for await (const chunk of source) {
      if (!this.out.write(chunk)) await once(this.out, 'drain');
    }
  }

  /** A line about what is happening (stderr): never part of the result. */
  progress(line: string): void {
    this.err.write(`${line}\n`);
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
