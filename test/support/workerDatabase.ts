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
    const name = url.pathname.slice(1);
    await dropThoseOfEndedWorkers(connection, name);
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4`);
  } finally {
    await connection.end();
  }
}

/**
 * The databases earlier runs' workers left (`<shared>_w<pid>`), dropped once their process is
 * gone from this machine, so runs do not pile them up on the server. A worker still running (a
 * suite in another checkout) keeps its own; a pid reused by another process only delays a drop.
 */
async function dropThoseOfEndedWorkers(connection: mysql.Connection, own: string): Promise<void> {
  const shared = own.replace(/_w\d+$/, '');
  const [rows] = await connection.query<mysql.RowDataPacket[]>('SHOW DATABASES');
  for (const row of rows) {
    const name = String(Object.values(row)[0]);
    const pid = name.startsWith(`${shared}_w`) ? Number(name.slice(shared.length + 2)) : Number.NaN;
    if (!Number.isInteger(pid) || processIsAlive(pid)) continue;
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => undefined);
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
