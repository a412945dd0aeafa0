import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { linesOf } from '../support/serviceProcess';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** A process with the service's handler installed, which then fails where nothing catches it. */
const DYING = `
  require('./config/fatalErrors').logFatalErrors('service');
  setTimeout(() => { throw new Error('boom with Bearer dsk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'); }, 10);
`;

describe('a process that dies says why first (issue 19)', () => {
  it('logs the uncaught error as one JSON line, credentials redacted, and exits with status 1', async () => {
    const child = spawn(TSX, ['-e', DYING], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).to.equal(1);
    const lines = linesOf(stderr);
    expect(lines, stderr).to.have.length(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).to.include({ level: 'error', message: 'process ending: uncaught error', process: 'service', origin: 'uncaughtException' });
    expect(String(line.error)).to.match(/^Error: boom/);
    expect(String(line.stack)).to.include('at ');
    expect(stderr).to.not.include('dsk_abcdefghijklmnopqrstuvwxyz');
  });
});
