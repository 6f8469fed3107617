import { csvRecords } from '@keydeck/contract/csv';
import { DEVICE_BATCH_MAX } from '@keydeck/contract/devices';

/** The most rows one import file may hold: one create call takes at most DEVICE_BATCH_MAX devices. */
export const DEVICE_IMPORT_MAX = DEVICE_BATCH_MAX;

/** RFC 4180 CSV as rows of cells; lines with nothing on them are skipped. */
export const parseCsv = (text: string): string[][] => csvRecords(text).map((record) => record.cells);

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

