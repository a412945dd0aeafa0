import { isUtf8 } from 'node:buffer';
import { cellPath, invalidCsv } from './csvProblems';

const BOM = '\uFEFF';

/**
 * The file's text: UTF-8 only, a byte-order mark dropped. Any other byte sequence is a 422
 * `invalid_csv` naming the row and column it sits in, so nothing is guessed (a Latin-1 file
 * would otherwise arrive with its accents turned into U+FFFD).
 */
export function decodeCsvText(bytes: Buffer): string {
  if (!isUtf8(bytes)) {
    const at = firstInvalidByte(bytes);
    const { row, column } = whereInCsv(bytes.subarray(0, at).toString('utf8'));
    throw invalidCsv([{ path: cellPath(row, column), message: `is not UTF-8 (byte ${at} of the file): save the file as UTF-8` }]);
  }
  const text = bytes.toString('utf8');
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/** The offset of the first byte that does not continue a well-formed UTF-8 sequence (RFC 3629 §4). */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const form = sequenceOf(lead);
    if (form === null) return i;
    for (let k = 1; k <= form.continuation; k += 1) {
      const next = bytes[i + k];
      const [low, high] = k === 1 ? form.second : [0x80, 0xbf];
      if (next === undefined || next < low || next > high) return i;
    }
    i += form.continuation + 1;
  }
  return bytes.length;
}

/** How many bytes follow a lead byte, and the range its second byte must be in (no overlong forms, no surrogates). */
function sequenceOf(lead: number): { continuation: number; second: [number, number] } | null {
  if (lead >= 0xc2 && lead <= 0xdf) return { continuation: 1, second: [0x80, 0xbf] };
  if (lead === 0xe0) return { continuation: 2, second: [0xa0, 0xbf] };
  if (lead === 0xed) return { continuation: 2, second: [0x80, 0x9f] };
  if (lead >= 0xe1 && lead <= 0xef) return { continuation: 2, second: [0x80, 0xbf] };
  if (lead === 0xf0) return { continuation: 3, second: [0x90, 0xbf] };
  if (lead >= 0xf1 && lead <= 0xf3) return { continuation: 3, second: [0x80, 0xbf] };
  if (lead === 0xf4) return { continuation: 3, second: [0x80, 0x8f] };
  return null;
}

/**
 * Where the end of `before` (the well-formed text up to a bad byte) falls in the CSV: its row
 * (the header is row 1; empty lines are not rows, as readCsvTable skips them) and column
 * (the header's name for it, read as the text goes).
 */
function whereInCsv(before: string): { row: number; column: string | number } {
  const text = before.startsWith(BOM) ? before.slice(BOM.length) : before;
  const header: string[] = [];
  let row = 1;
  let column = 0;
  let cell = '';
  let quoted = false;
  let rowHasContent = false;
  for (const char of text) {
    if (quoted) {
      if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      if (row === 1) header.push(cell);
      column += 1;
      cell = '';
    } else if (char === '\n') {
      if (row === 1) header.push(cell);
      if (rowHasContent) row += 1;
      column = 0;
      cell = '';
      rowHasContent = false;
      continue;
    } else if (char !== '\r') {
      cell += char;
    }
    if (char !== '\r') rowHasContent = true;
  }
  return { row, column: row === 1 ? column : (header[column]?.trim() ?? column) };
}
