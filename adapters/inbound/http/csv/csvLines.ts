/** The lines one record of a CSV text lies on: more than one when a quoted cell holds a line break. */
export interface RecordLines {
  readonly first: number;
  readonly last: number;
}

/** The first thing that makes the text unreadable as CSV, named by csv-parse's code for it, and the line it is on. */
export type CsvSyntaxSpot =
  | { readonly code: 'INVALID_OPENING_QUOTE' | 'CSV_INVALID_CLOSING_QUOTE'; readonly line: number }
  | { readonly code: 'CSV_QUOTE_NOT_CLOSED'; readonly line: number; readonly fileEndsOn: number };

export interface CsvLines {
  /** Each record's lines, in order, empty lines skipped: record i is readCsvTable's row i + 1. */
  readonly records: RecordLines[];
  /** What stopped the reading, or null when the whole text reads. */
  readonly problem: CsvSyntaxSpot | null;
}

/**
 * Where each record of a posts CSV lies, in lines as an editor numbers them: a CRLF or an LF
 * ends one line, inside a quoted cell or not, and a CR alone does not (csv-parse, read with
 * record_delimiter CRLF and LF, keeps it in the cell). csv-parse's own `lines` counts a CRLF
 * inside a quoted cell as two lines and a lone CR as one, so it is not used.
 *
 * This reads the text as readCsvTable's csv-parse call does (`,` between cells, `"` quoting with
 * `""` for a quote, CRLF or LF between records, empty lines skipped) and stops where it stops.
 */
export function csvLines(text: string): CsvLines {
  const records: RecordLines[] = [];
  let line = 1;
  let first = 0; // the current record's first line, 0 before its first character
  let cellChars = 0; // characters of the current unquoted cell so far
  let quoted = false;
  let quoteOpenedOn = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        const next = text[i + 1];
        if (next === '"') {
          i += 1;
        } else if (next === undefined || next === ',' || next === '\n' || (next === '\r' && text[i + 2] === '\n')) {
          quoted = false;
          cellChars = 1;
        } else {
          return { records, problem: { code: 'CSV_INVALID_CLOSING_QUOTE', line } };
        }
      } else if (char === '\n') {
        line += 1;
      }
      continue;
    }
    if (char === '"') {
      if (cellChars > 0) return { records, problem: { code: 'INVALID_OPENING_QUOTE', line } };
      quoted = true;
      quoteOpenedOn = line;
      if (first === 0) first = line;
      continue;
    }
    const lineEnd = char === '\n' ? 1 : char === '\r' && text[i + 1] === '\n' ? 2 : 0;
    if (lineEnd > 0) {
      if (first !== 0) records.push({ first, last: line });
      first = 0;
      cellChars = 0;
      line += 1;
      i += lineEnd - 1;
      continue;
    }
    if (first === 0) first = line;
    cellChars = char === ',' ? 0 : cellChars + 1;
  }
  if (quoted) {
    // The file ends on the line of its last character: a final line break ends that line, it opens none.
    const fileEndsOn = text.endsWith('\n') ? line - 1 : line;
    return { records, problem: { code: 'CSV_QUOTE_NOT_CLOSED', line: quoteOpenedOn, fileEndsOn } };
  }
  if (first !== 0) records.push({ first, last: line });
  return { records, problem: null };
}

/** `(line 4)`, or `(lines 4 to 6)` for a record a quoted line break spreads over several. */
export const linesOf = ({ first, last }: RecordLines): string => (first === last ? `line ${first}` : `lines ${first} to ${last}`);
