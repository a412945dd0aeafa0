import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { hoursFromNow, type PlanningWorld, rowCounts, startPlanningWorld } from './planningFixture';

const HEADER = 'text,targets,scheduledAt,intent,media,settings';
const ROW = 'Fine,LINKEDIN,,draft,,"{""LINKEDIN"":{""visibility"":""PUBLIC""}}"';
const ROW_OF_3 = 'Fine,LINKEDIN,draft';

/** Each way a FILE can be malformed, the row and column its 422 names, and a word of its message. */
const MALFORMED: ReadonlyArray<{ readonly name: string; readonly file: Buffer | string; readonly path: string; readonly says: RegExp }> = [
  {
    name: 'not UTF-8 (a Latin-1 é)',
    file: Buffer.concat([Buffer.from(`${HEADER}\n${ROW}\nCaf`), Buffer.from([0xe9]), Buffer.from(',LINKEDIN,,,,\n')]),
    path: 'rows[3].text',
    says: /is not UTF-8/,
  },
  { name: 'quotes that never close', file: `${HEADER}\n${ROW}\n"Open,LINKEDIN,,,,\nmore,LINKEDIN,,,,\n`, path: 'rows[3].text', says: /never closed/ },
  {
    name: 'a quote inside a quoted cell',
    file: `${HEADER}\n"Say "hi" now",LINKEDIN,,,,\n`,
    path: 'rows[2].text',
    says: /closing quote is followed by more text/,
  },
  { name: 'a quote inside an unquoted cell', file: `${HEADER}\nSay "hi",LINKEDIN,,,,\n`, path: 'rows[2].text', says: /quote inside an unquoted cell/ },
  { name: 'an unknown column', file: `text,targets,colour\nx,LINKEDIN,red\n`, path: 'rows[1][2]', says: /"colour" is not a column/ },
  { name: 'a column named twice', file: `text,targets,text\nx,LINKEDIN,y\n`, path: 'rows[1][2]', says: /second time/ },
  { name: 'a required column missing', file: `text,intent\nx,draft\n`, path: 'rows[1]', says: /no targets column/ },
  { name: 'a row with a cell no column names', file: `${HEADER}\n${ROW}\n${ROW},extra\n`, path: 'rows[3][6]', says: /has 7 cells where the header names 6/ },
  { name: 'a row with a cell missing', file: `${HEADER}\n${ROW}\nx,LINKEDIN,,draft\n`, path: 'rows[3].media', says: /has 4 cells where the header names 6/ },
  {
    name: 'a cell over its size',
    file: `${HEADER}\n${ROW}\nx,LINKEDIN,,${'draft'.repeat(5)},,\n`,
    path: 'rows[3].intent',
    says: /holds 25 characters, at most 20/,
  },
  // Line numbers count a CRLF as one line, inside a quoted cell too (csv-parse's own count made it two).
  {
    name: 'a stray quote after a quoted line break, CRLF line ends',
    file: `text,targets,intent\r\n"a\r\nb",LINKEDIN,draft\r\nx "y,LINKEDIN,draft\r\n`,
    path: 'rows[3].text',
    says: /quote inside an unquoted cell \(line 4\)/,
  },
  {
    name: 'a stray quote after a quoted line break, LF line ends',
    file: `text,targets,intent\n"a\nb",LINKEDIN,draft\nx "y,LINKEDIN,draft\n`,
    path: 'rows[3].text',
    says: /quote inside an unquoted cell \(line 4\)/,
  },
  {
    name: 'quotes that never close, CRLF line ends',
    file: `${HEADER}\r\n${ROW}\r\n"Open,LINKEDIN,,,,\r\nmore,LINKEDIN,,,,\r\n`,
    path: 'rows[3].text',
    says: /opens a quote on line 3 that is never closed \(the file ends inside it, on line 4\)/,
  },
  {
    name: 'quotes that never close after a quoted line break, CRLF line ends, no final line break',
    file: `${HEADER}\r\n"a\r\nb",LINKEDIN,,,,\r\n"Open,LINKEDIN,,,,\r\nmore,LINKEDIN,,,,`,
    path: 'rows[3].text',
    says: /opens a quote on line 4 that is never closed \(the file ends inside it, on line 5\)/,
  },
  {
    name: 'a quote inside a quoted cell after a quoted line break, CRLF line ends',
    file: `${HEADER}\r\n"a\r\nb",LINKEDIN,,,,\r\n"Say "hi" now",LINKEDIN,,,,\r\n`,
    path: 'rows[3].text',
    says: /closing quote is followed by more text \(line 4\)/,
  },
  {
    name: 'a row with a cell missing after a quoted line break, CRLF line ends',
    file: `${HEADER}\r\n"a\r\nb",LINKEDIN,,,,\r\nx,LINKEDIN,,draft\r\n`,
    path: 'rows[3].media',
    says: /has 4 cells where the header names 6 \(line 4\)/,
  },
  { name: '501 rows', file: `${HEADER}\n${`${ROW}\n`.repeat(501)}`, path: 'rows[502]', says: /at most 500 posts/ },
  { name: 'an empty file', file: '', path: 'rows[1]', says: /empty/ },
  { name: 'a header and nothing else', file: `${HEADER}\r\n`, path: 'rows[2]', says: /no row after its header/ },
];

for (const kind of DATABASE_KINDS) {
  describe(`posts.import: a malformed file is one 422 naming the row and column, and nothing of it is written (${kind})`, function () {
    this.timeout(60_000);
    let w: PlanningWorld;
    before(async function () {
      w = await startPlanningWorld(this, kind);
    });
    after(() => w?.t.close());

    const importing = (file: Buffer | string, type = 'text/csv') => w.api.post(`${w.posts}/import`).set(w.auth).set('Content-Type', type).send(file);

    for (const { name, file, path, says } of MALFORMED) {
      it(`${name}: ${path}`, async () => {
        const before = await rowCounts(w);
        // An empty body is no body at all: the route asks for the file.
        const res = await importing(file).set('Idempotency-Key', `malformed ${name}`);
        expect(res.status, JSON.stringify(res.body)).to.equal(422);
        expect(res.body.error.code).to.equal('invalid_csv');
        expect(res.body.error.details[0].path).to.equal(path);
        expect(res.body.error.details[0].message).to.match(says);
        const counts = await rowCounts(w);
        // A 422 under an Idempotency-Key is kept to replay once the route has run; nothing else is written.
        expect({ ...counts, idempotency_keys: before.idempotency_keys }).to.deep.equal(before);
      });
    }

    it('every row with the wrong number of cells is named, each with its lines; nothing is written', async () => {
      const before = await rowCounts(w);
      const file = `text,targets,intent\r\n"a\r\nb",LINKEDIN,draft,extra\r\nfine,LINKEDIN,draft\r\n\r\nshort,LINKEDIN\r\n`;
      const res = await importing(file).set('Idempotency-Key', 'two rows of the wrong width');
      expect(res.status, JSON.stringify(res.body)).to.equal(422);
      expect(res.body.error.code).to.equal('invalid_csv');
      expect(res.body.error.details).to.deep.equal([
        { path: 'rows[2][3]', message: 'has 4 cells where the header names 3 (lines 2 to 3): this one is under no column' },
        { path: 'rows[4].intent', message: 'has 2 cells where the header names 3 (line 6): this one is missing' },
      ]);
      expect({ ...(await rowCounts(w)), idempotency_keys: before.idempotency_keys }).to.deep.equal(before);
    });

    it('wrong widths and oversized cells are named together, in row order, the first 100 then how many more', async () => {
      const before = await rowCounts(w);
      const widths = `text,targets,intent\n${ROW_OF_3}\nx,LINKEDIN\n${ROW_OF_3}\nx,LINKEDIN,${'draft'.repeat(5)}\n`;
      const mixed = await importing(widths).set('Idempotency-Key', 'widths and sizes');
      expect(mixed.status, JSON.stringify(mixed.body)).to.equal(422);
      expect(mixed.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['rows[3].intent', 'rows[5].intent']);
      expect(mixed.body.error.details[1].message).to.match(/holds 25 characters, at most 20/);

      const many = await importing(`text,targets,intent\n${'x,LINKEDIN\n'.repeat(103)}`).set('Idempotency-Key', 'many wrong widths');
      expect(many.status, JSON.stringify(many.body)).to.equal(422);
      const details = many.body.error.details as Array<{ path: string; message: string }>;
      expect(details).to.have.length(101);
      expect(details[99]).to.deep.equal({ path: 'rows[101].intent', message: 'has 2 cells where the header names 3 (line 101): this one is missing' });
      expect(details[100]).to.deep.equal({ path: 'rows', message: '3 more problems of the same kinds, not listed: fix these and send the file again' });
      expect({ ...(await rowCounts(w)), idempotency_keys: before.idempotency_keys }).to.deep.equal(before);
    });

    it('a body that is not CSV, or not UTF-8 by its charset, or compressed: 415; over 8 MiB: 413; nothing written', async () => {
      const before = await rowCounts(w);
      expect((await importing(JSON.stringify([{ text: 'x' }]), 'application/json')).status).to.equal(415);
      expect((await importing(`${HEADER}\n${ROW}\n`, 'text/plain')).status).to.equal(415);
      expect((await importing(`${HEADER}\n${ROW}\n`, 'text/csv; charset=iso-8859-1')).status).to.equal(415);
      expect((await importing(`${HEADER}\n${ROW}\n`).set('Content-Encoding', 'gzip')).status).to.equal(415);
      const huge = `${HEADER}\n"${'x'.repeat(8 * 1024 * 1024)}",LINKEDIN,,,,\n`;
      const tooLarge = await importing(huge);
      expect(tooLarge.status).to.equal(413);
      expect(tooLarge.body.error.code).to.equal('payload_too_large');
      expect(await rowCounts(w)).to.deep.equal(before);
    });

    it('the export: from and to required, in order, at most a year apart (422 invalid_query naming them)', async () => {
      const at = (hours: number) => encodeURIComponent(hoursFromNow(hours));
      expect(
        (
          await w.api
            .get(`${w.posts}/export?from=${at(0)}`)
            .set(w.auth)
            .expect(422)
        ).body.error.details[0].path,
      ).to.equal('to');
      expect(
        (
          await w.api
            .get(`${w.posts}/export?from=${at(5)}&to=${at(1)}`)
            .set(w.auth)
            .expect(422)
        ).body.error.details[0].path,
      ).to.equal('to');
      expect(
        (
          await w.api
            .get(`${w.posts}/export?from=${at(0)}&to=${at(24 * 367)}`)
            .set(w.auth)
            .expect(422)
        ).body.error.details[0].path,
      ).to.equal('to');
      expect(
        (
          await w.api
            .get(`${w.posts}/export?from=yesterday&to=${at(1)}`)
            .set(w.auth)
            .expect(422)
        ).body.error.details[0].path,
      ).to.equal('from');
      // Every bad one at once.
      for (const query of ['', 'from=x&to=y']) {
        const res = await w.api.get(`${w.posts}/export?${query}`).set(w.auth).expect(422);
        expect(
          res.body.error.details.map((d: { path: string }) => d.path),
          query,
        ).to.deep.equal(['from', 'to']);
      }
    });
  });
}
