import { PassThrough, Readable } from 'node:stream';
import { type IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { expect } from 'chai';
import { ByteLimit } from '../../../../../adapters/inbound/http/chains/byteLimit';
import { readRawBody } from '../../../../../adapters/inbound/http/chains/readRawBody';

/** A request-like stream: the body in pieces, with the headers readRawBody looks at. */
function requestOf(pieces: Buffer[], headers: Record<string, string> = {}): IncomingMessage {
  const stream = new PassThrough();
  for (const piece of pieces) stream.write(piece);
  stream.end();
  return Object.assign(stream, { headers }) as unknown as IncomingMessage;
}

const statusOf = (error: unknown): unknown => (error as { status?: unknown }).status;

describe('reading a raw body with a cap', () => {
  it('gives the exact bytes, invalid UTF-8 included', async () => {
    const pieces = [Buffer.from('{"a":'), Buffer.from([0xff, 0x00, 0xc3]), Buffer.from('}')];
    expect((await readRawBody(requestOf(pieces), 100)).equals(Buffer.concat(pieces))).to.equal(true);
  });

  it('takes a body exactly at the limit and refuses one byte more with 413', async () => {
    expect((await readRawBody(requestOf([Buffer.alloc(10)]), 10)).length).to.equal(10);
    const refused = await readRawBody(requestOf([Buffer.alloc(6), Buffer.alloc(5)]), 10).catch((error: unknown) => error);
    expect(statusOf(refused)).to.equal(413);
  });

  it('refuses a declared length over the limit before reading', async () => {
    const refused = await readRawBody(requestOf([], { 'content-length': '11' }), 10).catch((error: unknown) => error);
    expect(statusOf(refused)).to.equal(413);
  });
});

describe('ByteLimit', () => {
  it('passes up to its limit through unchanged, counting', async () => {
    const limit = new ByteLimit(10);
    const out: Buffer[] = [];
    await pipeline(Readable.from([Buffer.from('hello'), Buffer.from('world')]), limit, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) out.push(chunk);
    });
    expect(Buffer.concat(out).toString()).to.equal('helloworld');
    expect(limit.bytesPassed).to.equal(10);
  });

  it('fails with a 413 as soon as one byte too many passes', async () => {
    const failure = await pipeline(Readable.from([Buffer.from('hello'), Buffer.from('world!')]), new ByteLimit(10), async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source) {
        /* drain */
      }
    }).catch((error: unknown) => error);
    expect(statusOf(failure)).to.equal(413);
  });
});
