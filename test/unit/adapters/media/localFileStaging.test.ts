import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { expect } from 'chai';
import { LocalFileStaging } from '../../../../adapters/outbound/media/staging/LocalFileStaging';
import { StagingTooLarge } from '../../../../application/ports/FileStaging';

/** Scratch files never outlive a failed staging (issue 19: the scratch file removed whatever the client did). */
describe('LocalFileStaging', () => {
  let dir: string;
  let staging: LocalFileStaging;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-staging-'));
    staging = new LocalFileStaging(dir);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const settle = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('leaves no file behind when the body was already broken off before staging began (a client that hung up)', async () => {
    for (let i = 0; i < 20; i += 1) {
      const body = new PassThrough();
      body.on('error', () => undefined);
      body.destroy(new Error('aborted'));
      expect(await settle(staging.stage(body, 1000))).to.be.instanceOf(Error);
    }
    // Wait for any open still in flight to land, as a late one would, then look.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });

  it('leaves no file behind when the body breaks off midway, or runs past its limit', async () => {
    const cut = new PassThrough();
    cut.on('error', () => undefined);
    const cutStaged = settle(staging.stage(cut, 1000));
    cut.write('some bytes');
    setImmediate(() => cut.destroy(new Error('aborted')));
    expect(await cutStaged).to.be.instanceOf(Error);

    const long = new PassThrough();
    const longStaged = settle(staging.stage(long, 10));
    long.end('more than ten bytes');
    expect(await longStaged).to.be.instanceOf(StagingTooLarge);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });

  it('keeps what it staged whole until it is discarded', async () => {
    const body = new PassThrough();
    const staged = staging.stage(body, 1000);
    body.end('a whole file');
    const { file, sizeBytes } = await staged;
    expect(sizeBytes).to.equal(12);
    expect(fs.readFileSync(file, 'utf8')).to.equal('a whole file');
    await staging.discard(file);
    expect(fs.readdirSync(dir)).to.deep.equal([]);
  });
});
