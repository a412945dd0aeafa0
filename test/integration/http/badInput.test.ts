import 'reflect-metadata';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { type Response } from 'supertest';
import { DATABASE_KINDS } from '../../support/databases';
import { bearer, created, draftBody, getPost, startPostsWorld, type Json, type PostsWorld } from '../posts/postsFixture';

/**
 * Hostile request bodies, sent over HTTP to every operation that reads one of the shapes
 * below: each must be answered with a 4xx and the documented error body (api(app) checks the
 * status and body against the OpenAPI document), never a 5xx, and must store nothing.
 */

type Op = 'posts.create' | 'posts.update' | 'posts.bulkCreate' | 'apiKeys.create';
const OPS: readonly Op[] = ['posts.create', 'posts.update', 'posts.bulkCreate', 'apiKeys.create'];
const POST_OPS: readonly Op[] = ['posts.create', 'posts.update', 'posts.bulkCreate'];

/** What is sent: a value (serialised as JSON), JSON text as is, or raw bytes. */
type Payload = { json: unknown } | { text: string } | { bytes: Buffer };

interface Expected {
  readonly status: 413 | 415 | 422;
  readonly code: string;
  /** A detail naming this path (and `message`, when given) must be present. */
  readonly path?: string;
  /** The named path only has to start with `path` (for very long ones). */
  readonly pathIsPrefix?: boolean;
  readonly message?: string | RegExp;
}

interface Case {
  readonly label: string;
  /** The operations it is sent to (all four unless said). */
  readonly ops?: readonly Op[];
  /**
   * The body, from a valid one for the operation: `edit` changes the post or API key body in
   * place (for posts.bulkCreate, the one item of the array); `payload` builds the whole request.
   */
  readonly edit?: (body: Json, op: Op) => void;
  readonly payload?: (valid: unknown, op: Op) => Payload;
  readonly headers?: Readonly<Record<string, string>>;
  readonly expected: Expected | ((op: Op) => Expected);
  /**
   * For an `edit` case on posts.bulkCreate: 'item' when the item is refused in its own result
   * (200, ok false, posts.create's code; SPEC: a bad item never fails the envelope); otherwise
   * the whole envelope is refused as `expected` says, the item's path under `[0]`.
   */
  readonly bulk?: 'item';
}

const TYPE_OF: Record<Expected['status'], string> = {
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  422: 'ValidationError',
};

const NOT_ALLOWED = 'is not an allowed property';
const TOO_DEEP = 'is nested too deeply';
const NOT_WELL_FORMED = 'must be well-formed Unicode (no lone surrogates)';
const NOT_UTF8 = 'the body must be valid UTF-8';
const DUPLICATE = /more than once/;

/** `value` inside `levels` arrays: [[…[value]…]], built without recursion. */
function nestedArrays(levels: number, value: unknown): unknown {
  let nested = value;
  for (let i = 0; i < levels; i++) nested = [nested];
  return nested;
}

/** Adds an own, enumerable property, `__proto__` included (JSON.stringify then writes it out). */
function define(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const groups0 = (body: Json) => (body.groups as Json[])[0]!;
const segment0 = (body: Json) => (groups0(body).segments as Json[])[0]!;
const target0 = (body: Json) => (body.targets as Json[])[0]!;
const values0 = (body: Json) => (target0(body).settings as Json).values as Json;
const isPostOp = (op: Op) => op !== 'apiKeys.create';
/** The string field the cases change: a segment's text, or the key's name. */
const textPath = (op: Op) => (isPostOp(op) ? 'groups[0].segments[0].text' : 'name');

/** The JSON text of a valid body with `bytes` spliced into a string value (the segment text, or the key's name). */
function withBytesInAString(valid: unknown, op: Op, bytes: number[]): Buffer {
  const marker = isPostOp(op) ? '"Hello world"' : '"hostile"';
  const text = JSON.stringify(valid);
  const at = text.indexOf(marker);
  expect(at, `${marker} in ${text}`).to.be.greaterThan(-1);
  return Buffer.concat([Buffer.from(text.slice(0, at + 2)), Buffer.from(bytes), Buffer.from(text.slice(at + 2))]);
}

/** A valid body's JSON text with `duplicate` (pairs whose key is already there) inserted just before `anchor`, in the same object. */
function withDuplicate(valid: unknown, anchor: string, duplicate: string): string {
  const text = JSON.stringify(valid);
  expect(text, `anchor ${anchor}`).to.include(anchor);
  return text.replace(anchor, `${duplicate},${anchor}`);
}

const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__proto__',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

const CASES: readonly Case[] = [
  // 1. Keys named like Object.prototype members, at every level.
  ...PROTOTYPE_NAMES.flatMap((name): Case[] => [
    {
      label: `a "${name}" key in targets[0].settings.values`,
      ops: POST_OPS,
      edit: (body) => define(values0(body), name, 1),
      expected: { status: 422, code: 'invalid_body', path: `targets[0].settings.values.${name}`, message: NOT_ALLOWED },
      // The body parser itself refuses __proto__, for the whole body (a bulk envelope too).
      bulk: name === '__proto__' ? undefined : 'item',
    },
    {
      label: `a "${name}" key at the top level`,
      ops: ['apiKeys.create'],
      edit: (body) => define(body, name, 1),
      expected: { status: 422, code: 'invalid_body', path: name, message: NOT_ALLOWED },
    },
  ]),
  {
    label: 'a "toString" key at the top of a post',
    ops: POST_OPS,
    edit: (body) => define(body, 'toString', 'x'),
    expected: { status: 422, code: 'invalid_body', path: 'toString', message: NOT_ALLOWED },
    bulk: 'item',
  },
  {
    label: 'a "constructor" key in a segment, and "valueOf" in a target',
    ops: POST_OPS,
    edit: (body) => {
      define(segment0(body), 'constructor', { name: 'x' });
      define(target0(body), 'valueOf', 0);
    },
    expected: { status: 422, code: 'invalid_body', path: 'groups[0].segments[0].constructor', message: NOT_ALLOWED },
    bulk: 'item',
  },

  // 2. Deep nesting.
  {
    label: 'a value nested 50,000 arrays deep',
    // Written as text: JSON.stringify itself would overflow the stack on it.
    payload: (valid, op) => ({
      text: isPostOp(op)
        ? JSON.stringify(valid).replace('"media":[]', `"media":${'['.repeat(50_000)}${']'.repeat(50_000)}`)
        : JSON.stringify(valid).replace('"scopes":["posts:read"]', `"scopes":${'['.repeat(50_000)}"posts:read"${']'.repeat(50_000)}`),
    }),
    expected: (op) => ({
      status: 422,
      code: 'invalid_body',
      path: {
        'posts.create': 'groups[0].segments[0].media[0]',
        'posts.update': 'groups[0].segments[0].media[0]',
        'posts.bulkCreate': '[0].groups[0].segments[0].media[0]',
        'apiKeys.create': 'scopes[0]',
      }[op],
      pathIsPrefix: true,
      message: TOO_DEEP,
    }),
  },
  {
    label: 'a value nested 50,000 objects deep, under an Idempotency-Key',
    headers: { 'Idempotency-Key': 'deep-body' },
    payload: () => ({ text: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}` }),
    expected: { status: 422, code: 'invalid_body', path: 'a.a.a.a', pathIsPrefix: true, message: TOO_DEEP },
  },
  {
    label: 'a value at depth 33, one level deeper than allowed',
    // posts: media is at depth 5; API keys: scopes at depth 1.
    edit: (body, op) => {
      if (isPostOp(op)) segment0(body).media = nestedArrays(28, 1);
      else body.scopes = nestedArrays(32, 'posts:read');
    },
    expected: (op) => ({
      status: 422,
      code: 'invalid_body',
      path: isPostOp(op) ? `groups[0].segments[0].media${'[0]'.repeat(28)}` : `scopes${'[0]'.repeat(32)}`,
      message: TOO_DEEP,
    }),
  },

  // 3. Strings and keys that are not well-formed Unicode (sent as JSON escapes).
  {
    label: 'a lone high surrogate in a string',
    edit: (body, op) => {
      if (isPostOp(op)) segment0(body).text = 'a\ud800b';
      else body.name = 'a\ud800b';
    },
    expected: (op) => ({ status: 422, code: 'invalid_body', path: textPath(op), message: NOT_WELL_FORMED }),
    bulk: 'item',
  },
  {
    label: 'a lone low surrogate in a key of settings.values',
    ops: POST_OPS,
    edit: (body) => {
      values0(body)['k\udc00'] = 1;
    },
    expected: { status: 422, code: 'invalid_body', path: 'targets[0].settings.values.k\ufffd', message: NOT_WELL_FORMED },
    bulk: 'item',
  },
  {
    label: 'a lone surrogate in externalSubmissionId',
    ops: POST_OPS,
    edit: (body) => {
      body.externalSubmissionId = '\udfff';
    },
    expected: { status: 422, code: 'invalid_body', path: 'externalSubmissionId', message: NOT_WELL_FORMED },
    bulk: 'item',
  },

  // 4. Compressed bodies, or bodies that only claim to be.
  ...['gzip', 'deflate', 'br', 'x-gzip, identity'].map(
    (encoding): Case => ({
      label: `Content-Encoding: ${encoding} on a body that is not compressed`,
      headers: { 'Content-Encoding': encoding },
      payload: (valid) => ({ json: valid }),
      expected: { status: 415, code: 'unsupported_media_type', message: 'compressed request bodies are not accepted' },
    }),
  ),
  {
    label: 'a really gzip-compressed body',
    headers: { 'Content-Encoding': 'gzip' },
    payload: (valid) => ({ bytes: zlib.gzipSync(JSON.stringify(valid)) }),
    expected: { status: 415, code: 'unsupported_media_type', message: 'compressed request bodies are not accepted' },
  },

  // 5. Times outside what can be stored.
  ...['9999-12-31T23:59:59-23:59', '1969-12-31T23:59:59Z', '0001-01-01T00:00:00Z'].map(
    (time): Case => ({
      label: `scheduledAt ${time}`,
      ops: POST_OPS,
      edit: (body) => {
        target0(body).scheduledAt = time;
        body.intent = 'schedule';
      },
      expected: { status: 422, code: 'invalid_body', path: 'targets[0].scheduledAt', message: /1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z/ },
      bulk: 'item',
    }),
  ),

  // 6. Wrong JSON types.
  {
    label: 'a JSON array where an object is expected',
    payload: (valid, op) => ({ json: op === 'posts.bulkCreate' ? [[(valid as unknown[])[0]]] : [valid] }),
    expected: { status: 422, code: 'invalid_body', path: '', message: 'the body must be a JSON object' },
    bulk: 'item',
  },
  {
    label: 'a JSON object where the bulk array is expected',
    ops: ['posts.bulkCreate'],
    payload: (valid) => ({ json: { items: valid } }),
    expected: { status: 422, code: 'invalid_body', path: '', message: 'must be an array of post create bodies' },
  },
  {
    label: 'a number where a string is expected',
    edit: (body, op) => {
      if (isPostOp(op)) segment0(body).text = 42;
      else body.name = 42;
    },
    expected: (op) => ({ status: 422, code: 'invalid_body', path: textPath(op), message: /must be a string/ }),
    bulk: 'item',
  },
  {
    label: 'a null body',
    payload: () => ({ text: 'null' }),
    expected: { status: 422, code: 'invalid_json', path: '', message: /must be a JSON object or array/ },
  },
  {
    label: 'a bare string body',
    payload: () => ({ text: '"hello"' }),
    expected: { status: 422, code: 'invalid_json', path: '', message: /must be a JSON object or array/ },
  },

  // 7. Sizes.
  {
    label: 'a string over its length limit',
    edit: (body, op) => {
      if (isPostOp(op)) segment0(body).text = 'x'.repeat(100_001);
      else body.name = 'x'.repeat(101);
    },
    expected: (op) => ({ status: 422, code: 'invalid_body', path: textPath(op), message: /must be (shorter|longer)/ }),
    bulk: 'item',
  },
  {
    label: 'an id over its length limit',
    ops: POST_OPS,
    edit: (body) => {
      body.externalSubmissionId = 'x'.repeat(201);
    },
    expected: { status: 422, code: 'invalid_body', path: 'externalSubmissionId' },
    bulk: 'item',
  },
  {
    label: '1,000 targets',
    ops: ['posts.create', 'posts.update'],
    edit: (body) => {
      body.targets = Array.from({ length: 1000 }, () => target0(body));
    },
    expected: { status: 422, code: 'invalid_body', path: 'targets' },
  },
  {
    label: '1,000 items in one bulk request',
    ops: ['posts.bulkCreate'],
    payload: (valid) => ({ json: Array.from({ length: 1000 }, () => (valid as unknown[])[0]) }),
    expected: { status: 422, code: 'invalid_body', path: '', message: 'must hold 1 to 100 items' },
  },
  {
    label: 'a 5 MB body',
    payload: (valid, op) => {
      const text = JSON.stringify(valid);
      const at = text.indexOf(isPostOp(op) ? '"Hello world"' : '"hostile"') + 1;
      return { text: `${text.slice(0, at)}${'x'.repeat(5 * 1024 * 1024)}${text.slice(at)}` };
    },
    expected: { status: 413, code: 'payload_too_large' },
  },

  // 8. Bytes that are not UTF-8 (a JSON text must be UTF-8: RFC 8259 §8.1).
  ...(
    [
      ['a stray 0xFF byte', [0xff]],
      ['a Latin-1 "é" (0xE9)', [0xe9]],
      ['an overlong "/" (0xC0 0xAF)', [0xc0, 0xaf]],
      ['a UTF-8-encoded surrogate (0xED 0xA0 0x80)', [0xed, 0xa0, 0x80]],
      ['a cut-off sequence (0xE2 0x82)', [0xe2, 0x82]],
    ] as const
  ).map(
    ([what, bytes]): Case => ({
      label: `${what} inside a string`,
      payload: (valid, op) => ({ bytes: withBytesInAString(valid, op, [...bytes]) }),
      expected: { status: 422, code: 'invalid_json', path: '', message: NOT_UTF8 },
    }),
  ),
  {
    label: 'a byte that is not UTF-8 outside any string',
    payload: (valid) => {
      const text = JSON.stringify(valid);
      return { bytes: Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from([0xff]), Buffer.from(text.slice(-1))]) };
    },
    expected: { status: 422, code: 'invalid_json', path: '' },
  },

  // 9. A key given twice in one object.
  {
    label: 'a duplicate top-level key',
    payload: (valid, op) => ({
      text: isPostOp(op)
        ? withDuplicate(valid, '"groups":', '"externalSubmissionId":"a","externalSubmissionId":"b"')
        : withDuplicate(valid, '"role":"viewer"', '"role":"owner"'),
    }),
    expected: (op) => ({
      status: 422,
      code: 'invalid_body',
      path: op === 'apiKeys.create' ? 'role' : op === 'posts.bulkCreate' ? '[0].externalSubmissionId' : 'externalSubmissionId',
      message: DUPLICATE,
    }),
  },
  {
    label: 'a duplicate key in settings.values, spelt with an escape',
    ops: POST_OPS,
    payload: (valid) => ({ text: withDuplicate(valid, '"replyRestriction":"everyone"', '"replyRestricti\\u006fn":"nobody"') }),
    expected: (op) => ({
      status: 422,
      code: 'invalid_body',
      path: `${op === 'posts.bulkCreate' ? '[0].' : ''}targets[0].settings.values.replyRestriction`,
      message: DUPLICATE,
    }),
  },
];

/** A path of a post (or key) body as it is named for the bulk envelope: under item [0]. */
const inFirstItem = (path: string): string => (path === '' ? '[0]' : path.startsWith('[') ? `[0]${path}` : `[0].${path}`);

function expectErrorBody(res: Response, expected: Expected): void {
  expect(res.status, JSON.stringify(res.body).slice(0, 2000)).to.equal(expected.status);
  const error = res.body.error as { type: string; code: string; message: string; details: { path: string; message: string }[]; requestId: string };
  expect(error).to.include({ type: TYPE_OF[expected.status], code: expected.code });
  expect(error.requestId).to.equal(res.headers['x-request-id']);
  if (expected.status === 422) expect(error.details).to.be.an('array').that.is.not.empty;
  if (expected.path !== undefined) {
    const named = error.details.filter((d) => (expected.pathIsPrefix ? d.path.startsWith(expected.path!) : d.path === expected.path));
    expect(named, `a detail at ${expected.path} in ${JSON.stringify(error.details).slice(0, 2000)}`).to.not.be.empty;
    if (expected.message !== undefined)
      expect(
        named.map((d) => d.message).some((m) => matches(m, expected.message!)),
        JSON.stringify(named),
      ).to.equal(true);
  } else if (expected.message !== undefined) {
    expect(matches(error.message, expected.message), error.message).to.equal(true);
  }
}

const matches = (text: string, expected: string | RegExp): boolean => (typeof expected === 'string' ? text.includes(expected) : expected.test(text));

/** The same refusal, given in the item's own result of a bulk answer. */
function expectRefusedItem(res: Response, expected: Expected): void {
  expect(res.status, JSON.stringify(res.body).slice(0, 2000)).to.equal(200);
  const results = res.body as { index: number; ok: boolean; error?: { code: string; message: string } }[];
  expect(results).to.have.length(1);
  expect(results[0]).to.include({ index: 0, ok: false });
  expect(results[0]!.error!.code).to.equal(expected.code);
  const { message } = results[0]!.error!;
  if (expected.path) expect(message).to.include(`${expected.path}: `);
  if (expected.message !== undefined) expect(matches(message, expected.message), message).to.equal(true);
}

for (const kind of DATABASE_KINDS) {
  describe(`HTTP: hostile request bodies on ${kind}`, function () {
    let w: PostsWorld;
    let postId: string;

    const totalPosts = async () => (await w.api.get(w.posts).set(bearer(w.key)).expect(200)).body.total as number;
    const countApiKeys = async () => ((await w.api.get(`/v1/workspaces/${w.ws}/api-keys`).set(bearer(w.session)).expect(200)).body.data as unknown[]).length;

    before(async function () {
      w = await startPostsWorld(this, kind);
      postId = (await created(w, draftBody(w))).id;
    });

    /** What an operation could have stored: the number of posts and the post it updates, or the number of keys. */
    const storedState = async (op: Op): Promise<unknown> =>
      op === 'apiKeys.create' ? { keys: await countApiKeys() } : { posts: await totalPosts(), updated: await getPost(w, postId) };
    after(async () => w?.t.close());

    /** A valid body for `op` (a Twitter draft, or a viewer key named "hostile"), fresh each time. */
    const validBody = (op: Op): unknown => {
      if (op === 'apiKeys.create') return { role: 'viewer', name: 'hostile', scopes: ['posts:read'] };
      const post = JSON.parse(JSON.stringify(draftBody(w))) as Json;
      return op === 'posts.bulkCreate' ? [post] : post;
    };

    const request = (op: Op) => {
      switch (op) {
        case 'posts.create':
          return w.api.post(w.posts).set(bearer(w.key));
        case 'posts.update':
          return w.api.patch(`${w.posts}/${postId}`).set(bearer(w.key));
        case 'posts.bulkCreate':
          return w.api.post(`${w.posts}/bulk`).set(bearer(w.key));
        // An API key cannot create keys: a first-party session does.
        case 'apiKeys.create':
          return w.api.post(`/v1/workspaces/${w.ws}/api-keys`).set(bearer(w.session));
      }
    };

    const send = (op: Op, c: Case): Promise<Response> => {
      const valid = validBody(op);
      let payload: Payload;
      if (c.payload) {
        payload = c.payload(valid, op);
      } else {
        c.edit!(op === 'posts.bulkCreate' ? (valid as Json[])[0]! : (valid as Json), op);
        payload = { json: valid };
      }
      let req = request(op).set('Content-Type', 'application/json');
      for (const [name, value] of Object.entries(c.headers ?? {})) req = req.set(name, value);
      if ('json' in payload) return req.send(JSON.stringify(payload.json));
      if ('text' in payload) return req.send(payload.text);
      return req.serialize((body: unknown) => body as string).send(payload.bytes);
    };

    it('accepts the valid bodies the cases start from (so each refusal is caused by its change), and stores them', async () => {
      const [posts, keys] = [await totalPosts(), await countApiKeys()];
      await request('posts.update')
        .send(validBody('posts.update') as object)
        .expect(200);
      await request('posts.create')
        .send(validBody('posts.create') as object)
        .expect(200);
      const bulk = await request('posts.bulkCreate')
        .send(validBody('posts.bulkCreate') as object)
        .expect(200);
      expect(bulk.body[0]).to.include({ ok: true });
      await request('apiKeys.create')
        .send(validBody('apiKeys.create') as object)
        .expect(201);
      expect(await totalPosts()).to.equal(posts + 2);
      expect(await countApiKeys()).to.equal(keys + 1);
    });

    for (const c of CASES) {
      for (const op of c.ops ?? OPS) {
        const expected = typeof c.expected === 'function' ? c.expected(op) : c.expected;
        const itemRefused = op === 'posts.bulkCreate' && c.bulk === 'item';
        it(`${op}: ${c.label} → ${itemRefused ? '200 with the item refused:' : expected.status} ${expected.code}`, async () => {
          const stored = await storedState(op);
          const res = await send(op, c);
          expect(res.status, `never a 5xx: ${JSON.stringify(res.body).slice(0, 500)}`).to.be.lessThan(500);
          if (itemRefused) {
            expectRefusedItem(res, expected);
          } else if (op === 'posts.bulkCreate' && c.edit) {
            expectErrorBody(res, { ...expected, path: expected.path === undefined ? undefined : inFirstItem(expected.path) });
          } else {
            expectErrorBody(res, expected);
          }
          expect(await storedState(op), 'nothing stored or changed').to.deep.equal(stored);
        });
      }
    }
  });
}
