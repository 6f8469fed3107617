import { describe, expect, it } from 'vitest';
import { csvLine } from '@keydeck/contract/csv';
import { DEVICE_IMPORT_MAX, parseCsv, parseDeviceCsv } from './device-csv';

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\n')).toEqual([['a', 'b, c', 'say "hi"', 'two\nlines']]);
  });

  it('takes CRLF and LF line ends, drops a byte-order mark and skips blank lines', () => {
    expect(parseCsv('\uFEFFserial,group\r\nA1,North\r\n\r\nA2,South')).toEqual([
      ['serial', 'group'],
      ['A1', 'North'],
      ['A2', 'South'],
    ]);
  });

  it('keeps empty cells', () => {
    expect(parseCsv('A1,,\n')).toEqual([['A1', '', '']]);
  });
});

describe('parseDeviceCsv', () => {
  it('reads serial, group and an optional device_model by the header, in any order, trimmed', () => {
    expect(parseDeviceCsv('group, Serial ,device_model\nNorth, A1 ,T100\nSouth,A2,\n')).toEqual({
      devices: [
        { serial: 'A1', group: 'North', device_model: 'T100' },
        { serial: 'A2', group: 'South', device_model: null },
      ],
    });
  });

  it('takes an export file back, ignoring its other columns', () => {
    const exported = 'serial,group,device_model,archived,failed,last_load,created_at\nA1,"North, East",,false,false,,2025-01-01T00:00:00Z\n';
    expect(parseDeviceCsv(exported)).toEqual({ devices: [{ serial: 'A1', group: 'North, East', device_model: null }] });
  });

  it('refuses a file without the serial and group columns, or without rows', () => {
    expect(parseDeviceCsv('serial,model\nA1,T\n')).toHaveProperty('error', expect.stringMatching(/serial,group/));
    expect(parseDeviceCsv('serial,group\n')).toHaveProperty('error', 'The file has no devices below its header.');
    expect(parseDeviceCsv('')).toHaveProperty('error', 'The file is empty.');
  });

  it(`refuses more than ${DEVICE_IMPORT_MAX} rows`, () => {
    const rows = Array.from({ length: DEVICE_IMPORT_MAX + 1 }, (_, i) => `S${i},G`).join('\n');
    expect(parseDeviceCsv(`serial,group\n${rows}`)).toHaveProperty('error', expect.stringMatching(/at most 10,000/));
  });
});

describe('csvLine', () => {
  it('quotes cells with commas, quotes or line breaks, and reads back the same', () => {
    const cells = ['plain', 'a,b', 'say "hi"', 'x\ny'];
    expect(csvLine(cells)).toBe('plain,"a,b","say ""hi""","x\ny"');
    expect(parseCsv(csvLine(cells))).toEqual([cells]);
  });
});
