import mysql from 'mysql2/promise';
import { MYSQL_URL } from './services';

let made: Promise<void> | null = null;

/**
 * Creates this worker's database (services.ts, MYSQL_URL) once per process when the suite runs
 * a database per worker. A server that cannot be reached is left to each suite's requireServer,
 * which skips locally and fails in CI.
 */
export function ensureWorkerDatabase(): Promise<void> {
  if (process.env.TEST_DATABASE_PER_WORKER !== '1') return Promise.resolve();
  made ??= create().catch(() => undefined);
  return made;
}

async function create(): Promise<void> {
  const url = new URL(MYSQL_URL);
  const connection = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    connectTimeout: 2000,
  });
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${url.pathname.slice(1)}\` CHARACTER SET utf8mb4`);
  } finally {
    await connection.end();
  }
}
