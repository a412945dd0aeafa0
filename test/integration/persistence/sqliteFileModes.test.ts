import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../adapters/outbound/persistence/typeorm/createDataSource';

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe('SQLite files are readable by the service user only (docs/decisions.md, "Files")', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-modes-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const files = (file: string) => [file, `${file}-wal`, `${file}-shm`];

  it('makes the directory 0700 and the database, its -wal and its -shm 0600', async () => {
    const file = path.join(root, 'made', 'here', 'dispatch.sqlite');
    const dataSource = await openDatabase({ kind: 'sqlite', file });
    try {
      await dataSource.query('SELECT 1');
      expect(modeOf(path.dirname(file))).to.equal('700');
      expect(modeOf(path.join(root, 'made'))).to.equal('700');
      for (const name of files(file)) expect(modeOf(name), path.basename(name)).to.equal('600');
    } finally {
      await dataSource.destroy();
    }
  });

  it('narrows the files an older version left 0644', async () => {
    const file = path.join(root, 'dispatch.sqlite');
    const before = await openDatabase({ kind: 'sqlite', file });
    await before.query('SELECT 1');
    for (const name of files(file)) fs.chmodSync(name, 0o644);
    await before.destroy();
    const after = await openDatabase({ kind: 'sqlite', file });
    try {
      for (const name of files(file).filter((name) => fs.existsSync(name))) expect(modeOf(name), path.basename(name)).to.equal('600');
      expect(fs.existsSync(`${file}-wal`), 'WAL mode made the -wal file again').to.equal(true);
    } finally {
      await after.destroy();
    }
  });
});
