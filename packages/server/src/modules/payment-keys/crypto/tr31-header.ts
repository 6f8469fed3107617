/**
 * The clear header of a TR-31 / ANSI X9.143 key block (X9.143:2021 6.2 table 1), 16 characters then the
 * optional blocks:
 *   0 version id | 1-4 block length (decimal) | 5-6 key usage | 7 algorithm | 8 mode of use |
 *   9-10 key version number | 11 exportability | 12-13 number of optional blocks (decimal) |
 *   14 key context | 15 reserved ('0'; TR-31:2018 had 14-15 both reserved, '00', the same bytes).
 * The header travels in the clear but is covered by the key block MAC.
 */

export type Tr31Version = 'B' | 'D';

export type Tr31OptionalBlock = { id: string; data: string };

export type Tr31Header = {
  version: Tr31Version;
  /** Two characters: B0 (BDK), K0/K1 (key encryption / key block protection), P0 (PIN), D0 (data), M3/M6 (MAC)... */
  usage: string;
  /** T for TDES, A for AES. */
  algorithm: 'T' | 'A';
  modeOfUse: string;
  /** Two characters, '00' when unused. */
  keyVersion: string;
  exportability: 'E' | 'N' | 'S';
  /** X9.143 key context: '0' determined by the wrapping key, '1' storage only, '2' key exchange only. */
  keyContext: '0' | '1' | '2';
  optionalBlocks: Tr31OptionalBlock[];
};

/** What a caller gives to wrap a key: the version follows from the key block protection key. */
export type Tr31HeaderFields = Omit<Tr31Header, 'version' | 'keyContext' | 'optionalBlocks'> & {
  keyContext?: Tr31Header['keyContext'];
  /** Written in order; a PB (padding) block given here is dropped, the padding is recomputed. */
  optionalBlocks?: Tr31OptionalBlock[];
};

export const TR31_MODES_OF_USE = ['B', 'C', 'D', 'E', 'G', 'N', 'S', 'T', 'V', 'X', 'Y'] as const;

const FIXED_HEADER_CHARS = 16;
const MAX_BLOCK_CHARS = 9999;
const PADDING_BLOCK_ID = 'PB';
/** An optional block's 2-hex-digit length counts its id and length field: 255 at most. */
const MAX_SHORT_BLOCK_CHARS = 0xff;
const MAX_EXTENDED_BLOCK_CHARS = 0xffff;

/** TDES (B) or AES (D): the cipher block, which is also the MAC length, in bytes. */
export const tr31BlockBytes = (version: Tr31Version): number => (version === 'B' ? 8 : 16);

const PRINTABLE = /^[\x20-\x7e]*$/;

function checkFields(header: Tr31Header): void {
  if (!/^[0-9A-Z]{2}$/.test(header.usage)) throw new Error(`Key usage '${header.usage}' is not 2 characters 0-9 A-Z`);
  if (header.algorithm !== 'T' && header.algorithm !== 'A') throw new Error(`Unsupported key algorithm ${String(header.algorithm)} (T or A)`);
  if (!(TR31_MODES_OF_USE as readonly string[]).includes(header.modeOfUse)) {
    throw new Error(`Mode of use '${header.modeOfUse}' is not one of ${TR31_MODES_OF_USE.join(' ')}`);
  }
  if (!/^[0-9A-Za-z]{2}$/.test(header.keyVersion)) throw new Error(`Key version number '${header.keyVersion}' is not 2 alphanumeric characters`);
  if (!['E', 'N', 'S'].includes(header.exportability)) throw new Error(`Exportability '${header.exportability}' is not E, N or S`);
  if (!['0', '1', '2'].includes(header.keyContext)) throw new Error(`Key context '${header.keyContext}' is not 0, 1 or 2`);
  for (const block of header.optionalBlocks) {
    if (!/^[0-9A-Z]{2}$/.test(block.id)) throw new Error(`Optional block id '${block.id}' is not 2 characters 0-9 A-Z`);
    if (!PRINTABLE.test(block.data)) throw new Error(`Optional block ${block.id} holds characters that are not printable ASCII`);
  }
}

const hex = (value: number, digits: number): string => value.toString(16).toUpperCase().padStart(digits, '0');

function formatOptionalBlock({ id, data }: Tr31OptionalBlock): string {
  if (4 + data.length <= MAX_SHORT_BLOCK_CHARS) return id + hex(4 + data.length, 2) + data;
  // Extended length: '00', then the length of the length in bytes ('02'), then 4 hex digits.
  const total = 10 + data.length;
  if (total > MAX_EXTENDED_BLOCK_CHARS) throw new Error(`Optional block ${id} is too long`);
  return `${id}0002${hex(total, 4)}${data}`;
}

/**
 * The header text for a block whose encrypted payload and MAC take bodyChars characters. The optional blocks
 * are padded with a PB block to a whole cipher block, as X9.143 requires.
 */
export function formatTr31Header(header: Tr31Header, bodyChars: number): string {
  checkFields(header);
  const blocks = header.optionalBlocks.filter((block) => block.id !== PADDING_BLOCK_ID);
  let optional = blocks.map(formatOptionalBlock).join('');
  let count = blocks.length;
  const cipherBlock = tr31BlockBytes(header.version);
  if (optional.length % cipherBlock !== 0) {
    let padChars = 4;
    while ((optional.length + padChars) % cipherBlock !== 0) padChars++;
    optional += PADDING_BLOCK_ID + hex(padChars, 2) + '0'.repeat(padChars - 4);
    count++;
  }
  if (count > 99) throw new Error('A key block holds at most 99 optional blocks');
  const length = FIXED_HEADER_CHARS + optional.length + bodyChars;
  if (length > MAX_BLOCK_CHARS) throw new Error(`The key block would be ${length} characters, over the 9999 its length field can say`);
  return (
    header.version + String(length).padStart(4, '0') + header.usage + header.algorithm + header.modeOfUse + header.keyVersion +
    header.exportability + String(count).padStart(2, '0') + header.keyContext + '0' + optional
  );
}

const malformed = (why: string): Error => new Error(`Malformed key block: ${why}`);

function readHex(text: string, what: string): number {
  if (!/^[0-9A-Fa-f]+$/.test(text)) throw malformed(`${what} '${text}' is not hexadecimal`);
  return parseInt(text, 16);
}

function readOptionalBlocks(block: string, count: number): { optionalBlocks: Tr31OptionalBlock[]; end: number } {
  const optionalBlocks: Tr31OptionalBlock[] = [];
  let at = FIXED_HEADER_CHARS;
  for (let n = 0; n < count; n++) {
    if (at + 4 > block.length) throw malformed(`optional block ${n + 1} of ${count} runs past the end`);
    const id = block.slice(at, at + 2);
    if (!/^[0-9A-Z]{2}$/.test(id)) throw malformed(`optional block id '${id}' is not 2 characters 0-9 A-Z`);
    let total = readHex(block.slice(at + 2, at + 4), `optional block ${id} length`);
    let dataStart = at + 4;
    if (total === 0) {
      // Extended length: a 2-hex-digit count of length bytes, then the length itself (2 hex digits per byte).
      const lengthDigits = readHex(block.slice(at + 4, at + 6), `optional block ${id} length of length`) * 2;
      if (lengthDigits === 0) throw malformed(`optional block ${id} has an extended length of no digits`);
      total = readHex(block.slice(at + 6, at + 6 + lengthDigits), `optional block ${id} extended length`);
      dataStart = at + 6 + lengthDigits;
    }
    if (at + total < dataStart) throw malformed(`optional block ${id} length ${total} is shorter than its own id and length`);
    if (at + total > block.length) throw malformed(`optional block ${id} runs past the end`);
    const data = block.slice(dataStart, at + total);
    if (!PRINTABLE.test(data)) throw malformed(`optional block ${id} holds characters that are not printable ASCII`);
    optionalBlocks.push({ id, data });
    at += total;
  }
  return { optionalBlocks, end: at };
}

/** The header and its exact text (what the MAC covers), checked field by field. */
export function readTr31Header(block: string): { header: Tr31Header; headerText: string } {
  const version = block.charAt(0);
  if (version !== 'B' && version !== 'D') {
    throw new Error(version === '' ? 'Malformed key block: it is empty' : `Unsupported key block version ${version} (B or D)`);
  }
  if (block.length < FIXED_HEADER_CHARS) throw malformed(`${block.length} characters is shorter than a header`);
  const lengthField = block.slice(1, 5);
  if (!/^\d{4}$/.test(lengthField)) throw malformed(`length '${lengthField}' is not 4 digits`);
  if (Number(lengthField) !== block.length) throw malformed(`its length field says ${Number(lengthField)} characters, it has ${block.length}`);
  const countField = block.slice(12, 14);
  if (!/^\d{2}$/.test(countField)) throw malformed(`number of optional blocks '${countField}' is not 2 digits`);
  if (block.charAt(15) !== '0') throw malformed(`reserved header character '${block.charAt(15)}' is not 0`);
  const { optionalBlocks, end } = readOptionalBlocks(block, Number(countField));
  const header: Tr31Header = {
    version,
    usage: block.slice(5, 7),
    algorithm: block.charAt(7) as Tr31Header['algorithm'],
    modeOfUse: block.charAt(8),
    keyVersion: block.slice(9, 11),
    exportability: block.charAt(11) as Tr31Header['exportability'],
    keyContext: block.charAt(14) as Tr31Header['keyContext'],
    optionalBlocks,
  };
  checkFields(header);
  return { header, headerText: block.slice(0, end) };
}

/** The header of a key block, without the key block protection key (nothing is decrypted or verified). */
export function parseTr31Header(block: string): Tr31Header {
  return readTr31Header(block.trim()).header;
}
