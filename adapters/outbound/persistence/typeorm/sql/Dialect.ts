import { type DataSource, type EntityManager } from 'typeorm';

/**
 * What hand-written SQL must know of the database it runs on. Both drivers take `?`
 * placeholders; they differ in how a datetime travels and whether rows can be locked.
 */
export interface Dialect {
  readonly sqlite: boolean;
  /** A datetime parameter: SQLite stores TypeORM's UTC text form, mysql2 takes a Date (timezone Z). */
  date(value: Date): unknown;
  dateOrNull(value: Date | null): unknown;
  /** Appended to a SELECT that must lock its rows until commit (MySQL); SQLite's writer is alone anyway. */
  readonly forUpdate: string;
  /** An identifier that is a reserved word somewhere (`count`). */
  quote(name: string): string;
}

const sqliteDate = (value: Date): string => value.toISOString().replace('T', ' ').replace('Z', '');

const SQLITE: Dialect = {
  sqlite: true,
  date: sqliteDate,
  dateOrNull: (value) => (value === null ? null : sqliteDate(value)),
  forUpdate: '',
  quote: (name) => `"${name}"`,
};

const MYSQL: Dialect = {
  sqlite: false,
  date: (value) => value,
  dateOrNull: (value) => value,
  forUpdate: ' FOR UPDATE',
  quote: (name) => `\`${name}\``,
};

export const dialectOf = (dataSource: DataSource): Dialect => (dataSource.options.type === 'better-sqlite3' ? SQLITE : MYSQL);

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

/** A stored JSON document: text on SQLite and on MariaDB (LONGTEXT), already parsed by some drivers. */
export const readJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** `(?, ?, ?), (?, ?, ?)` for `rows` rows of `columns` values. */
export function valuesList(rows: number, columns: number): string {
  const one = `(${new Array<string>(columns).fill('?').join(', ')})`;
  return new Array<string>(rows).fill(one).join(', ');
}

export const inList = (count: number): string => new Array<string>(count).fill('?').join(', ');

/** Rows a statement changed (matched, for an UPDATE), on both drivers: their plain results differ. */
export async function changedRows(m: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const runner = m.queryRunner ?? m.connection.createQueryRunner();
  try {
    return (await runner.query(sql, params, true)).affected ?? 0;
  } finally {
    if (m.queryRunner === undefined) await runner.release();
  }
}
