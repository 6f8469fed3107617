import { DEVICE_BATCH_MAX } from '@keydeck/contract/devices';

/** The most rows one import file may hold: one create call takes at most DEVICE_BATCH_MAX devices. */
export const DEVICE_IMPORT_MAX = DEVICE_BATCH_MAX;

/**
 * RFC 4180 CSV as rows of cells: fields in double quotes may hold commas, line breaks and doubled quotes ("");
 * lines end in LF or CRLF; a byte-order mark is dropped; lines with nothing on them are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0]!.trim() !== '') rows.push(row);
    row = [];
    cell = '';
  };
  for (; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** One device of an import file as it reads, before any check; device_model null when the cell is empty. */
export interface ImportedDevice {
  serial: string;
  group: string;
  device_model: string | null;
}

export type DeviceCsvParse = { devices: ImportedDevice[] } | { error: string };

/**
 * An import file (a header with serial and group, device_model optional, in any order; other columns, as an
 * export has them, are ignored) as the devices it adds. Cells are trimmed; the contract checks them afterwards.
 */
export function parseDeviceCsv(text: string): DeviceCsvParse {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { error: 'The file is empty.' };
  const columns = header.map((name) => name.trim().toLowerCase());
  const serialAt = columns.indexOf('serial');
  const groupAt = columns.indexOf('group');
  const modelAt = columns.indexOf('device_model');
  if (serialAt < 0 || groupAt < 0) return { error: 'The first line must name the columns: serial,group and, if wanted, device_model.' };
  if (rows.length === 0) return { error: 'The file has no devices below its header.' };
  if (rows.length > DEVICE_IMPORT_MAX) {
    return { error: `The file has ${rows.length.toLocaleString('en-US')} devices; one file may hold at most ${DEVICE_IMPORT_MAX.toLocaleString('en-US')}. Split it and import the parts one by one.` };
  }
  const cell = (row: string[], at: number) => (at < 0 ? '' : (row[at] ?? '').trim());
  return {
    devices: rows.map((row) => ({ serial: cell(row, serialAt), group: cell(row, groupAt), device_model: cell(row, modelAt) || null })),
  };
}

/** One CSV line: a cell with a comma, quote or line break is quoted, its quotes doubled. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
}
