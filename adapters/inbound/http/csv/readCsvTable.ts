import { CsvError, parse } from 'csv-parse/sync';
import { type ErrorDetail } from '../../../../domain/shared/DomainError';
import { csvLines, linesOf, type RecordLines } from './csvLines';
import { cellPath, invalidCsv } from './csvProblems';
import { POST_CSV_CELL_MAX, POST_CSV_COLUMNS, POST_CSV_ROWS_MAX, type PostCsvColumn, REQUIRED_POST_CSV_COLUMNS } from './postsCsvFormat';

/** One post's row: its number in the file (the header is row 1) and its cells, '' for a column the file leaves out. */
export interface CsvRow {
  readonly row: number;
  readonly cells: Readonly<Record<PostCsvColumn, string>>;
}

/** The most problems one 422 lists: enough to fix a file in a few rounds, never a megabyte of details. */
const DETAILS_MAX = 100;

/**
 * The rows of a posts CSV (docs/posts-import-export.md, "CSV columns"), or one 422
 * `invalid_csv` naming each row and column that makes the FILE unreadable: quotes that do not
 * balance (the first: the file cannot be read past it), a row with more or fewer cells than the
 * header, a header naming an unknown or repeated column or missing a required one, more than
 * POST_CSV_ROWS_MAX rows, a cell over its size. Every row with the wrong number of cells and
 * every cell over its size is named, up to DETAILS_MAX, then one detail says how many more. A
 * row whose cells are readable but make no valid post is not the file's problem: it is that
 * row's own result.
 */
export function readCsvTable(text: string): CsvRow[] {
  const records = parseRecords(text);
  const header = records[0];
  if (header === undefined) throw invalidCsv([{ path: 'rows[1]', message: 'the file is empty: it needs a header row naming its columns' }]);
  const columns = headerColumns(header.cells);
  const posts = records.slice(1);
  if (posts.length === 0) throw invalidCsv([{ path: 'rows[2]', message: 'the file has no row after its header: nothing to import' }]);
  if (posts.length > POST_CSV_ROWS_MAX) {
    throw invalidCsv([{ path: `rows[${POST_CSV_ROWS_MAX + 2}]`, message: `a file holds at most ${POST_CSV_ROWS_MAX} posts (${posts.length} here): split it` }]);
  }
  const problems: ErrorDetail[] = [];
  const rows = posts.map(({ row, cells, lines }) => {
    if (cells.length !== columns.length) problems.push(cellCountProblem(row, cells.length, columns, lines));
    const named = Object.fromEntries(POST_CSV_COLUMNS.map((column) => [column, ''])) as Record<PostCsvColumn, string>;
    cells.forEach((value, i) => {
      const column = columns[i];
      if (column === undefined) return; // a cell under no column: named above
      if (value.length > POST_CSV_CELL_MAX[column]) {
        problems.push({ path: cellPath(row, column), message: `holds ${value.length} characters, at most ${POST_CSV_CELL_MAX[column]}` });
      }
      named[column] = value;
    });
    return { row, cells: named };
  });
  if (problems.length > 0) throw invalidCsv(atMostDetailsMax(problems));
  return rows;
}

/** The first DETAILS_MAX problems, then one saying how many more there are. */
function atMostDetailsMax(problems: readonly ErrorDetail[]): ErrorDetail[] {
  if (problems.length <= DETAILS_MAX) return [...problems];
  const more = problems.length - DETAILS_MAX;
  return [
    ...problems.slice(0, DETAILS_MAX),
    { path: 'rows', message: `${more} more problem${more === 1 ? '' : 's'} of the same kinds, not listed: fix these and send the file again` },
  ];
}

/** A row with more or fewer cells than the header: the first cell it lacks, or the first no column names. */
function cellCountProblem(row: number, count: number, columns: readonly string[], lines: RecordLines | undefined): ErrorDetail {
  const where = lines === undefined ? '' : ` (${linesOf(lines)})`;
  return count > columns.length
    ? { path: cellPath(row, columns.length), message: `has ${count} cells where the header names ${columns.length}${where}: this one is under no column` }
    : { path: cellPath(row, columns[count] ?? count), message: `has ${count} cells where the header names ${columns.length}${where}: this one is missing` };
}

interface NumberedRecord {
  readonly row: number;
  readonly cells: string[];
  /** The lines the row lies on, when csvLines read the file into as many records as csv-parse (it always should). */
  readonly lines: RecordLines | undefined;
}

/** Every record, empty lines skipped, whatever its number of cells (readCsvTable names each row whose count is wrong). */
function parseRecords(text: string): NumberedRecord[] {
  let records: string[][];
  try {
    records = parse(text, { record_delimiter: ['\r\n', '\n'], skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw invalidCsv([syntaxProblem(error, text)]);
  }
  const lines = csvLines(text).records;
  const aligned = lines.length === records.length;
  return records.map((cells, i) => ({ row: i + 1, cells, lines: aligned ? lines[i] : undefined }));
}

/**
 * Where the parser stopped and why, in words a person fixing the file can act on. The line is
 * csvLines' (a CRLF or an LF is one line, inside a quoted cell too), never csv-parse's `lines`.
 */
function syntaxProblem(error: CsvError, text: string): ErrorDetail {
  const { records, column } = error as CsvError & { records?: number; column?: number };
  const row = (records ?? 0) + 1;
  const header = row === 1 ? [] : headerNames(text);
  const at = typeof column === 'number' ? column : 0;
  const path = cellPath(row, header[at] ?? at);
  const { problem } = csvLines(text);
  const spot = problem?.code === error.code ? problem : null;
  const line = spot === null ? '' : ` (line ${spot.line})`;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED': {
      const where = spot?.code === 'CSV_QUOTE_NOT_CLOSED' ? ` on line ${spot.line}` : '';
      const end = spot?.code === 'CSV_QUOTE_NOT_CLOSED' ? `, on line ${spot.fileEndsOn}` : '';
      return {
        path,
        message: `opens a quote${where} that is never closed (the file ends inside it${end}): end the cell with " and write each quote inside it as ""`,
      };
    }
    case 'CSV_INVALID_CLOSING_QUOTE':
      return {
        path,
        message: `is a quoted cell whose closing quote is followed by more text${line}: write each quote inside a quoted cell as "", and close the cell with one`,
      };
    case 'INVALID_OPENING_QUOTE':
      return { path, message: `has a quote inside an unquoted cell${line}: quote the whole cell and write the quote as ""` };
    default:
      return { path, message: `cannot be read as CSV${line}: ${error.message.replace(/ (at|on) line \d+/g, '')}` };
  }
}

/** The header's names, read on their own (the file fails further on). */
function headerNames(text: string): string[] {
  try {
    const [header] = parse(text, { record_delimiter: ['\r\n', '\n'], skip_empty_lines: true, to: 1 });
    return (header ?? []).map((name) => name.trim());
  } catch {
    return [];
  }
}

/** The header's columns, in the file's order; unknown, repeated or missing ones are the file's problem. */
function headerColumns(names: readonly string[]): PostCsvColumn[] {
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  const columns = names.map((raw, i) => {
    const name = raw.trim();
    if (!(POST_CSV_COLUMNS as readonly string[]).includes(name)) {
      problems.push({ path: cellPath(1, i), message: `${JSON.stringify(name)} is not a column: the columns are ${POST_CSV_COLUMNS.join(', ')}` });
    } else if (seen.has(name)) {
      problems.push({ path: cellPath(1, i), message: `names the column ${name} a second time` });
    }
    seen.add(name);
    return name as PostCsvColumn;
  });
  for (const required of REQUIRED_POST_CSV_COLUMNS) {
    if (!seen.has(required))
      problems.push({ path: 'rows[1]', message: `the header has no ${required} column (required: ${REQUIRED_POST_CSV_COLUMNS.join(', ')})` });
  }
  if (problems.length > 0) throw invalidCsv(atMostDetailsMax(problems));
  return columns;
}
