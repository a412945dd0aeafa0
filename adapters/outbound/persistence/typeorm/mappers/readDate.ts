/**
 * A stored datetime as either driver returns it (SQLite: TypeORM's UTC text
 * "YYYY-MM-DD HH:MM:SS.mmm"; mysql2: a Date). The text is read digit by digit: every read of
 * a post reads several, and Date's own parsing of a string is many times slower. Anything
 * else is an invalid Date, which the mappers refuse.
 */
export function readDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value !== 'string' || !DATETIME_SHAPE.test(value)) return new Date(Number.NaN);
  const ms = value.length > 20 ? number(value, 20, value.length) * 10 ** (23 - value.length) : 0;
  return new Date(
    Date.UTC(number(value, 0, 4), number(value, 5, 7) - 1, number(value, 8, 10), number(value, 11, 13), number(value, 14, 16), number(value, 17, 19), ms),
  );
}

const DATETIME_SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;

/** The decimal number written in text[from, to), already known to be digits. */
function number(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}
