import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as mysql from 'mysql2/promise';

/** A database the bench runs the service on: the env the real config parses, and its cleanup. */
export interface BenchDatabase {
  readonly name: 'SQLite' | 'MariaDB';
  readonly env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** The bench's own MariaDB database, so the tests' `test` database is never touched. */
export const MARIADB_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/bench';
const KEEP_MARIADB_TABLES = process.env.BENCH_KEEP_DB === '1';
/**
 * WORKER_BATCH_SIZE, when set for the bench, reaches every composition it builds (the
 * in-process worker's and the queue baseline's included), not only the worker processes
 * that inherit it: how the engine rows compare round sizes.
 */
const ROUND_SIZE: Record<string, string> = process.env.WORKER_BATCH_SIZE === undefined ? {} : { WORKER_BATCH_SIZE: process.env.WORKER_BATCH_SIZE };

/** A fresh SQLite file in a temporary directory, removed with the directory afterwards. */
export function sqliteDatabase(): BenchDatabase {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-bench-'));
  return {
    name: 'SQLite',
    env: { DATABASE_URL: `sqlite:${path.join(dataDir, 'dispatch.sqlite')}`, DATA_DIR: dataDir, ...ROUND_SIZE },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The `bench` database on MariaDB (or the one `databaseUrl` names), created if missing and
 * emptied of tables so the migrations start from nothing; its tables are dropped again at the
 * end (BENCH_KEEP_DB=1 keeps them for inspection). Returns the reason instead when the server
 * is unreachable.
 */
export async function mariadbDatabase(databaseUrl = MARIADB_URL): Promise<BenchDatabase | { unreachable: string }> {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  let server: mysql.Connection;
  try {
    server = await mysql.createConnection({ ...serverOf(url), connectTimeout: 3000 });
  } catch (error) {
    return { unreachable: `${url.host}: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    await server.query(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4`);
    await dropTables(server, database);
  } finally {
    await server.end();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-bench-'));
  return {
    name: 'MariaDB',
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...ROUND_SIZE },
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (KEEP_MARIADB_TABLES) return;
      const connection = await mysql.createConnection(serverOf(url));
      try {
        await dropTables(connection, database);
      } finally {
        await connection.end();
      }
    },
  };
}

/** The MariaDB server a database URL names, without choosing its database. */
export const serverOf = (url: URL): mysql.ConnectionOptions => ({
  host: url.hostname,
  port: Number(url.port || 3306),
  user: decodeURIComponent(url.username),
  password: decodeURIComponent(url.password),
});

async function dropTables(connection: mysql.Connection, database: string): Promise<void> {
  const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?', [database]);
  if (rows.length === 0) return;
  const names = rows.map((row) => `\`${database}\`.\`${String(row.name)}\``).join(', ');
  // One session: the foreign keys between the tables would otherwise dictate an order.
  await connection.query('SET FOREIGN_KEY_CHECKS = 0');
  await connection.query(`DROP TABLE IF EXISTS ${names}`);
  await connection.query('SET FOREIGN_KEY_CHECKS = 1');
}
