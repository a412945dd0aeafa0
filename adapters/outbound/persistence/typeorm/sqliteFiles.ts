import fs from 'node:fs';
import path from 'node:path';

/** The database file and its companions SQLite makes beside it in WAL mode. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Before SQLite opens the file: its directory made readable by this user only (only when it is
 * made here: an operator's existing directory keeps its mode), and the file made, or narrowed,
 * to 0600. SQLite gives the -wal and -shm files it creates the database file's mode, so they
 * follow; companions left by an older version are narrowed too (docs/decisions.md, "Files").
 */
export function prepareSqliteFiles(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  narrowSqliteFiles(file);
}

/** The file and whichever companions exist, to 0600 (after the open too: it makes them). */
export function narrowSqliteFiles(file: string): void {
  for (const name of [file, ...COMPANIONS.map((suffix) => `${file}${suffix}`)]) {
    try {
      if ((fs.statSync(name).mode & 0o077) !== 0) fs.chmodSync(name, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
