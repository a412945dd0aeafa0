import { type QueryRunner, type TableColumnOptions, type TableForeignKeyOptions } from 'typeorm';

/**
 * Column builders every migration so far uses. FROZEN: an applied migration must build the
 * same schema forever, so a change of convention goes into a new `columns.v2.ts`, never here.
 *
 * Strings are utf8mb4 on MySQL whatever the database default (SQLite ignores the charset).
 * Identifiers compare byte for byte on MySQL (utf8mb4_bin) as on SQLite, so `dsk_Ab`/`dsk_aB`
 * or `jose`/`josé` never collide on one database only. JSON documents use `json`, which
 * MariaDB stores as LONGTEXT: more than TEXT's 64 KiB.
 */
export function columnsFor(queryRunner: QueryRunner) {
  const mysql = ['mysql', 'mariadb'].includes(queryRunner.dataSource.options.type);
  const binary = mysql ? { collation: 'utf8mb4_bin' } : {};
  return {
    mysql,
    exact: (name: string, length = 26, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      charset: 'utf8mb4',
      ...binary,
      ...extra,
    }),
    text: (name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      charset: 'utf8mb4',
      ...extra,
    }),
    longText: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'text', charset: 'utf8mb4', ...extra }),
    json: (name: string): TableColumnOptions => ({ name, type: 'json' }),
    integer: (name: string): TableColumnOptions => ({ name, type: 'integer' }),
    // datetime(3): milliseconds survive on MySQL; TypeORM writes SQLite datetimes as UTC "YYYY-MM-DD HH:MM:SS.mmm".
    timestamp: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: 'datetime', precision: 3, ...extra }),
  };
}

/** NO ACTION spelled out: it is what TypeORM's metadata assumes, so schema diffs stay empty on MySQL. */
export const cascadeTo = (name: string, column: string, table: string): TableForeignKeyOptions => ({
  name,
  columnNames: [column],
  referencedTableName: table,
  referencedColumnNames: ['id'],
  onDelete: 'CASCADE',
  onUpdate: 'NO ACTION',
});
