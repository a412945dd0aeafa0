import { SEGMENT_SEPARATOR } from './postsCsvFormat';

/** A line that would read as a separator once one backslash is taken off it: `---`, `\---`, `\\---`… */
const ESCAPED = /^(\\*)---$/;

/**
 * The `text` cell's segments: split at every line holding exactly `---` (with the line break
 * before it, \n or \r\n). A segment's own line `---` is written `\---`, and a line of
 * backslashes then `---` one backslash longer, so every text has exactly one cell and back.
 */
export function splitSegments(cell: string): string[] {
  const segments: string[] = [];
  let lines: string[] = [];
  for (const line of cell.split('\n')) {
    const content = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (content === SEGMENT_SEPARATOR) {
      segments.push(beforeSeparator(lines));
      lines = [];
      continue;
    }
    lines.push(ESCAPED.test(content) ? line.slice(1) : line);
  }
  segments.push(lines.join('\n'));
  return segments;
}

/** The `text` cell of these segments: what splitSegments reads back as them. */
export function joinSegments(segments: readonly string[]): string {
  const escaped = segments.map((text) =>
    text
      .split('\n')
      .map((line) => (ESCAPED.test(line.endsWith('\r') ? line.slice(0, -1) : line) ? `\\${line}` : line))
      .join('\n'),
  );
  // A segment ending in a carriage return keeps it: the one before \n is the separator's.
  return escaped.map((text, i) => (i === escaped.length - 1 ? text : `${text}${text.endsWith('\r') ? '\r' : ''}\n${SEGMENT_SEPARATOR}\n`)).join('');
}

/** The lines before a separator, its line break (\n or \r\n) not part of the segment. */
function beforeSeparator(lines: readonly string[]): string {
  const text = lines.join('\n');
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}
