import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { linesOf } from '../../../support/serviceProcess';

const ROOT = path.resolve(__dirname, '../../../..');

/** Runs `script` in a process of its own, as the service runs (stdout and stderr pipes). */
async function run(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'info' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

const numbered = (output: string) => linesOf(output).map((line) => (JSON.parse(line) as { n?: number; message: string }).n ?? -1);
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The service's logger writes stdout asynchronously (logDestinations.ts): no line may be lost when the process ends, nor come after its fatal line. */
describe('JsonLogger on stdout and stderr: every line out before the process ends', function () {
  this.timeout(30_000);

  it('writes every line, in order, of a process that exits right after logging them', async () => {
    const { code, stdout, stderr } = await run(`
      const { JsonLogger } = require('./adapters/outbound/logging/JsonLogger');
      const logger = new JsonLogger('info');
      for (let n = 0; n < 5000; n += 1) logger.info('line', { n, path: '/v1/me' });
      logger.error('an error', { n: 0 });
      process.exit(0);
    `);
    expect(code).to.equal(0);
    expect(numbered(stdout)).to.deep.equal(oneToN(5000));
    expect(numbered(stderr)).to.deep.equal([0]);
  });

  it('writes the lines a dying process logged before its fatal line, which comes last on stderr', async () => {
    const { code, stdout, stderr } = await run(`
      require('./config/fatalErrors').logFatalErrors('service');
      const { JsonLogger } = require('./adapters/outbound/logging/JsonLogger');
      const logger = new JsonLogger('info');
      for (let n = 0; n < 5000; n += 1) logger.info('line', { n });
      setImmediate(() => {
        for (let n = 5000; n < 10000; n += 1) logger.info('line', { n });
        logger.error('an error', { n: 1 });
        logger.error('an error just before', { n: 2 });
        throw new Error('boom');
      });
    `);
    expect(code).to.equal(1);
    expect(numbered(stdout)).to.deep.equal(oneToN(10_000));
    expect(linesOf(stderr).map((line) => (JSON.parse(line) as { message: string }).message)).to.deep.equal([
      'an error',
      'an error just before',
      'process ending: uncaught error',
    ]);
  });
});
