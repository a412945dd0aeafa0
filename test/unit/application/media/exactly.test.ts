import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect } from 'chai';
import { exactly } from '../../../../application/media/exactly';

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** Ends `body` with `bytes`, and lets the stream run for a while before anyone reads it, as a store that first creates a directory does. */
async function checkedLate(bytes: number, expected: number): Promise<unknown> {
  const body = new PassThrough();
  const checked = exactly(body, expected);
  body.end(Buffer.alloc(bytes));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return pipeline(checked, sink()).then(
    () => null,
    (error: unknown) => error,
  );
}

describe('exactly: a part must hold its exact size', () => {
  it('passes a body of the exact size', async () => {
    expect(await checkedLate(1024, 1024)).to.equal(null);
  });

  it('fails a body too short, even when it ended before the store read it (no uncaught error)', async () => {
    const error = (await checkedLate(1000, 1024)) as { code?: string };
    expect(error?.code).to.equal('invalid_part_size');
  });

  it('fails a body too long, even when it ended before the store read it', async () => {
    const error = (await checkedLate(1100, 1024)) as { code?: string };
    expect(error?.code).to.equal('invalid_part_size');
  });
});
