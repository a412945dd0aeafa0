import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { awaitOutput, linesOf, startServiceProcess } from '../support/serviceProcess';
import { startWorkerProcess } from '../support/workerProcess';

const embedded = (): Record<string, string> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-entries-'));
  return { DATA_DIR: dataDir, SECRET_KEY: 'entries-secret-entries-secret-entries-0123', BOOTSTRAP: 'false' };
};
const started = (output: string) => linesOf(output).filter((line) => line.includes('"message":"publishing worker started"'));

/** The processes a deployment runs (README, "Configuration": WORKER and the WORKER_* variables). */
describe('the worker in the entry points', function () {
  this.timeout(60_000);

  it('`npm run worker` (config/worker.ts) runs a worker alone, and SIGTERM stops it cleanly (exit 0)', async () => {
    const worker = await startWorkerProcess(embedded(), 'config/worker.ts');
    expect(started(worker.output())[0]).to.match(/"owner":"[^"]+:\d+:[0-9a-f]{8}"/);
    expect(worker.output()).not.to.include('"message":"listening"');
    worker.kill('SIGTERM');
    expect(await worker.exited).to.equal(0);
    expect(worker.output()).to.match(/"message":"publishing worker stopped".*"result":"drained"/);
  });

  it('`npm start` (config/main.ts) serves the API and runs a worker beside it', async () => {
    const service = await startServiceProcess(embedded());
    await awaitOutput(service.stdout, /"message":"publishing worker started"/);
    await service.stop();
    expect(started(service.stdout())).to.have.length(1);
    expect(service.stdout()).to.include('"message":"publishing worker stopped"');
  });

  it('WORKER=off: the API alone', async () => {
    const service = await startServiceProcess({ ...embedded(), WORKER: 'off' });
    // A worker starts in the same turn as "listening" is logged: once the process has exited, its line would be out.
    await service.stop();
    expect(started(service.stdout())).to.deep.equal([]);
  });
});
