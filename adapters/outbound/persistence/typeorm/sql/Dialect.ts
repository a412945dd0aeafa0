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

export { readDate } from '../mappers/readDate';

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
