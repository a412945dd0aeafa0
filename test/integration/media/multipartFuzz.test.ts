import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { type Answer, connect, within } from '../http/server/rawHttp';
import { awaitOutput, linesOf, type ServiceProcess, startServiceProcess } from '../../support/serviceProcess';
import { eventually } from '../../support/workerProcess';
import { filesUnder } from './mediaFixture';

const B = 'fuzz-boundary';
const PNG_HEAD = '\x89PNG\r\n\x1a\n0123456789';
const filePart = (field = 'file', name = 'a.png') =>
  `--${B}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** Hostile multipart bodies (issue 19): each must get a 4xx in the error body, and the service must go on. */
const BODIES: Record<string, { contentType?: string; body: string }> = {
  'cut inside the part headers': { body: `--${B}\r\nContent-Disposition: form-data; name="fi` },
  'cut inside the file data': { body: `${filePart()}${PNG_HEAD}` },
  'a closing boundary without its final --': { body: `${filePart()}${PNG_HEAD}\r\n--${B}\r\n` },
  'a closing boundary and nothing after the file': { body: `${filePart()}${PNG_HEAD}\r\n--${B}` },
  'no boundary in Content-Type': { contentType: 'multipart/form-data', body: `${filePart()}${PNG_HEAD}\r\n--${B}--\r\n` },
  'a wrong boundary': { contentType: 'multipart/form-data; boundary=another', body: `${filePart()}${PNG_HEAD}\r\n--${B}--\r\n` },
  'two file parts': { body: `${filePart()}${PNG_HEAD}\r\n${filePart('file', 'b.png')}${PNG_HEAD}\r\n--${B}--\r\n` },
  'a file under another field name': { body: `${filePart('picture')}${PNG_HEAD}\r\n--${B}--\r\n` },
  'a huge part header': { body: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${'x'.repeat(200_000)}"\r\n\r\n${PNG_HEAD}\r\n--${B}--\r\n` },
  'thousands of part headers': {
    body: `--${B}\r\n${'X-Pad: y\r\n'.repeat(5000)}Content-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${PNG_HEAD}\r\n--${B}--\r\n`,
  },
  'thousands of tiny parts': { body: `${field('a', 'b').repeat(5000)}${filePart()}${PNG_HEAD}\r\n--${B}--\r\n` },
  'nothing but the closing boundary': { body: `--${B}--\r\n` },
  'not multipart at all': { body: 'hello' },
};

describe('media: hostile multipart bodies never stop the service nor get a 5xx (issue 19)', function () {
  this.timeout(120_000);
  let service: ServiceProcess;
  let dataDir: string;
  let key: string;
  let uploadPath: string;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-fuzz-'));
    service = await startServiceProcess({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000', NODE_ENV: 'development' });
    key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const ws = (await awaitOutput(service.stderr, /Workspace id:\s+(\S+)/))[1]!;
    uploadPath = `/v1/workspaces/${ws}/media/upload`;
  });
  after(async () => {
    await service?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends one request with the body as given, or chunked in small pieces; the answer. */
  async function send(contentType: string, body: string, chunked: boolean): Promise<Answer> {
    const conn = await connect(service.port);
    const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${Buffer.byteLength(body, 'latin1')}`;
    conn.socket.write(`POST ${uploadPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: ${contentType}\r\n${framing}\r\n\r\n`);
    if (!chunked) conn.socket.write(body, 'latin1');
    else {
      for (let at = 0; at < body.length; at += 4096) {
        const piece = body.slice(at, at + 4096);
        conn.socket.write(`${Buffer.byteLength(piece, 'latin1').toString(16)}\r\n${piece}\r\n`, 'latin1');
      }
      conn.socket.write('0\r\n\r\n');
    }
    const [answer] = await within(15_000, 'the answer', conn.responses(1));
    conn.socket.destroy();
    return answer!;
  }

  async function expectStillServing(): Promise<void> {
    const res = await within(5000, 'the next request', fetch(`${service.baseUrl}/v1/me`, { headers: { Authorization: `Bearer ${key}` } }));
    expect(res.status).to.equal(200);
  }

  for (const chunked of [false, true]) {
    for (const [name, { contentType, body }] of Object.entries(BODIES)) {
      it(`${name} (${chunked ? 'chunked' : 'with Content-Length'}): a 4xx in the error body, and the next request is served`, async () => {
        const answer = await send(contentType ?? `multipart/form-data; boundary=${B}`, body, chunked);
        expect(answer.status, answer.text).to.be.within(400, 499);
        expect(answer.body.error).to.include.keys('type', 'code', 'message', 'details', 'requestId');
        await expectStillServing();
      });
    }
  }

  it('a body sent slowly and abandoned midway is logged as a client abort (499), never a 500', async () => {
    const conn = await connect(service.port);
    conn.socket.write(
      `POST ${uploadPath} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: multipart/form-data; boundary=${B}\r\nContent-Length: 100000\r\n\r\n${filePart()}`,
    );
    for (let i = 0; i < 5; i++) {
      conn.socket.write('x'.repeat(100));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    conn.socket.destroy();
    const logged = await awaitOutput(service.stdout, /"message":"request"[^\n]*"path":"[^"]*\/media\/upload"[^\n]*"status":499/);
    expect(logged[0]).to.not.include('"status":500');
    await expectStillServing();
  });

  it('nothing was kept of any of them, and nothing was logged as a bug', async () => {
    const list = await fetch(`${service.baseUrl}${uploadPath.replace(/\/upload$/, '')}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(((await list.json()) as { total: number }).total).to.equal(0);
    // An abandoned body's scratch file goes once its stream has ended, which a loaded machine may let lag its access-log line.
    const scratch = path.join(dataDir, 'scratch');
    await eventually(() => filesUnder(scratch).length === 0, 10_000, 'every scratch file removed').catch(() => undefined);
    expect(filesUnder(scratch)).to.deep.equal([]);
    const bugs = linesOf(service.stdout() + service.stderr()).filter((line) => /"status":5\d\d|unhandled error|process ending/.test(line));
    expect(bugs).to.deep.equal([]);
  });
});
