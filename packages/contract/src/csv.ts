/**
 * RFC 4180 CSV as records of cells: quoted fields may hold commas, line breaks and doubled quotes; lines end in LF
 * or CRLF; a byte-order mark is dropped. Each record keeps the line it starts on, for a report a person can follow
 * in their editor; lines with nothing on them are skipped.
 */
export function csvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i += 1) {
    const char = text[i]!;
    // A line ends in LF, CRLF (counted at its LF) or a lone CR.
    if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') {
        i += 1;
        line += 1;
      }
      endRecord();
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** One CSV line (RFC 4180): a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
}
