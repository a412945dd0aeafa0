import 'reflect-metadata';
import { expect } from 'chai';
import { type Response, type Test } from 'supertest';
import { TOKENS } from '../../../config/tokens';
import { PLATFORMS, type Platform } from '../../../domain/platform/Platform';
import { POST_STATUSES } from '../../../domain/post/PostStatus';
import {
  DEFAULT_GROUP_ID,
  SETTINGS,
  bearer,
  bodyFor,
  created,
  draftBody,
  future,
  group,
  media,
  scheduleBody,
  segment,
  startPostsWorld,
  target,
  type Json,
  type PostsWorld,
} from '../posts/postsFixture';

/**
 * A small, deterministic fuzzer over the write endpoints and the posts listing. Every body
 * starts out valid (the posts fixture's builders) and is then mutated: a key deleted, a value
 * at any depth replaced by a hostile one, an array item duplicated or given another type, an
 * unknown key added. The project's rule: bad input gets a 4xx with the documented error body,
 * never a 500; and every response is one the OpenAPI document describes (`api(app)` checks
 * that). Failures are collected and reported together at the end of each endpoint's run,
 * grouped by kind, with the input, the response and (for a 500) the logged cause.
 */

/** Fixed, so every run sends the same inputs; FUZZ_SEED overrides it for exploring (not in CI). */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : 0x5eed_d15c;
/** FUZZ_SCALE multiplies the budget, for exploring. */
const SCALE = process.env.FUZZ_SCALE ? Number(process.env.FUZZ_SCALE) : 1;

/** FUZZ_VERBOSE=1 prints every request's outcome and each endpoint's tally. */
const VERBOSE = process.env.FUZZ_VERBOSE === '1';

/** Requests per endpoint (400 in all). */
const BUDGET = Object.fromEntries(
  Object.entries({
    create: 70,
    update: 60,
    bulkCreate: 50,
    updateTarget: 60,
    review: 50,
    apiKeysCreate: 50,
    list: 60,
  }).map(([name, n]) => [name, Math.round(n * SCALE)]),
) as Record<'create' | 'update' | 'bulkCreate' | 'updateTarget' | 'review' | 'apiKeysCreate' | 'list', number>;

// ---------------------------------------------------------------------------------------------
// PRNG

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Each endpoint gets its own stream, so one endpoint's run never shifts another's inputs. */
const rngFor = (name: string): Rng => {
  let h = SEED;
  for (const char of name) h = Math.imul(h ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return new Rng(h);
};

// ---------------------------------------------------------------------------------------------
// Hostile values

const LONG = 'x'.repeat(10_000);

function nestedDeep(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { n: value };
  return value;
}

const ODD_DATES = [
  '2030-01-31', // date only
  '2030-01-31T09:00:00', // no offset
  '2030-01-31 09:00:00Z', // space separator
  '2030-01-31t09:00:00z', // lower-case
  '2030-01-31T09:00Z', // no seconds
  '2030-02-30T09:00:00Z', // no such day
  '2030-01-31T24:00:00Z', // hour 24
  '2016-12-31T23:59:60Z', // leap second
  '2030-01-31T09:00:00+25:00', // offset out of range
  '2030-01-31T09:00:00.123456789+14:00', // nanoseconds, extreme offset
  '9999-12-31T23:59:59-23:59', // past year 9999 in UTC
  '0000-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z', // before the epoch
  '+275760-09-13T00:00:00Z', // extended year
  '31/01/2030 09:00',
  'Thu, 31 Jan 2030 09:00:00 GMT',
  '1896164400', // a Unix time as a string
  '2030-W05-4T09:00:00Z', // ISO week date
  '２０３０-01-31T09:00:00Z', // full-width digits
];

const WEIRD_STRINGS = [
  'héllo 👩‍👩‍👧‍👦 🚀 ✨', // emoji, ZWJ sequences
  '\u202Eevil.exe\u202C', // RTL override
  'مرحبا بالعالم שלום', // RTL scripts
  'zero\u200Bwidth\u200C\u200D\uFEFFjoin', // zero-width
  '\u0000nul\u0000byte', // NUL
  '\uD83D', // a lone surrogate
  '   ', // blanks
  '<script>alert(1)</script>\'"; DROP TABLE posts; --',
];

interface Replacement {
  readonly label: string;
  readonly value: () => unknown;
}

const REPLACEMENTS: readonly Replacement[] = [
  { label: 'null', value: () => null },
  { label: 'true', value: () => true },
  { label: '0', value: () => 0 },
  { label: '-1', value: () => -1 },
  { label: '1e308', value: () => 1e308 },
  { label: '-1e308', value: () => -1e308 },
  { label: '1.5', value: () => 1.5 },
  { label: '2^53+1', value: () => 2 ** 53 + 1 },
  { label: '"NaN"', value: () => 'NaN' },
  { label: '"Infinity"', value: () => 'Infinity' },
  { label: '"-Infinity"', value: () => '-Infinity' },
  { label: '""', value: () => '' },
  { label: 'a 10,000-char string', value: () => LONG },
  { label: '[]', value: () => [] },
  { label: '{}', value: () => ({}) },
  { label: '[[]]', value: () => [[]] },
  { label: 'a nested object', value: () => ({ a: { b: { c: [1, { d: null, e: ['x', { f: {} }] }] } } }) },
  { label: 'an object nested 40 deep', value: () => nestedDeep(40) },
  ...WEIRD_STRINGS.map((s) => ({ label: `string ${JSON.stringify(s)}`, value: () => s })),
  ...ODD_DATES.map((s) => ({ label: `date ${JSON.stringify(s)}`, value: () => s })),
];

const UNKNOWN_KEYS = ['unexpected', 'extra', 'constructor', 'toString', '__proto__', 'hasOwnProperty', '', '🚀', 'x'.repeat(300), 'id '];

// ---------------------------------------------------------------------------------------------
// Mutations

type Path = (string | number)[];

/** Where the posts rules look: settings values, times, texts, delays, flags. */
const FOCUS = /settings\.(values|platform)|scheduledAt|delayMinutes|thumbnailTimestamp|\.text$|isDefault|groupId|comment|scopes|name$/;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function showPath(path: Path): string {
  if (path.length === 0) return '(body)';
  return path.reduce<string>((s, seg) => (typeof seg === 'number' ? `${s}[${seg}]` : s ? `${s}.${short(seg)}` : short(seg)), '');
}

function short(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}

/** Every value's path, the root's included, in document order. */
function pathsOf(value: unknown, at: Path = [], out: { path: Path; value: unknown }[] = []): { path: Path; value: unknown }[] {
  out.push({ path: at, value });
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) pathsOf(item, [...at, i], out);
  } else if (typeof value === 'object' && value !== null) for (const key of Object.keys(value)) pathsOf((value as Json)[key], [...at, key], out);
  return out;
}

function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, seg) => (node as Record<string | number, unknown>)[seg], root);
}

/** Sets an own property, even one named __proto__ (JSON.stringify then sends it as a key). */
function setOwn(container: object, key: string | number, value: unknown): void {
  Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
}

function swapType(value: unknown, rng: Rng): { value: unknown; label: string } {
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) {
    return rng.pick([
      { value: JSON.stringify(value), label: 'its JSON text' },
      { value: 42, label: '42' },
      { value: true, label: 'true' },
      { value: null, label: 'null' },
      { value: Array.isArray(value) ? { ...value } : [value], label: Array.isArray(value) ? 'an object of its items' : 'an array of it' },
    ]);
  }
  if (typeof value === 'string')
    return rng.pick([
      { value: [value], label: '[it]' },
      { value: { value }, label: '{value: it}' },
      { value: 7, label: '7' },
    ]);
  if (typeof value === 'number') return { value: String(value), label: 'its string' };
  if (typeof value === 'boolean') return { value: String(value), label: 'its string' };
  return { value: {}, label: '{}' };
}

/**
 * One mutation of `body` (in place), described. `allowRoot`: the body itself may be replaced
 * (only for bulk items, where any JSON value is an item).
 */
function mutateOnce(holder: { body: unknown }, rng: Rng, allowRoot = false): string {
  const all = pathsOf(holder.body);
  const objects = all.filter((p) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value));
  const arrays = all.filter((p) => Array.isArray(p.value) && (p.value as unknown[]).length > 0);
  const keyed = all.filter((p) => p.path.length > 0 && typeof p.path.at(-1) === 'string');
  const anyReplaceable = all.filter((p) => allowRoot || p.path.length > 0);
  // Half the time, a value the domain reads after the shape check (most shape-breaking values
  // would otherwise stop at invalid_body before any rule of the posts runs).
  const focused = anyReplaceable.filter((p) => FOCUS.test(showPath(p.path)));
  const replaceable = focused.length > 0 && rng.chance(0.5) ? focused : anyReplaceable;

  const kinds: string[] = replaceable.length > 0 ? ['replace', 'replace', 'replace', 'replace'] : [];
  if (keyed.length > 0) kinds.push('delete', 'delete');
  if (arrays.length > 0) kinds.push('duplicate', 'swapType');
  if (objects.length > 0) kinds.push('unknownKey');
  if (kinds.length === 0) return 'nothing left to mutate';
  const kind = rng.pick(kinds);

  switch (kind) {
    case 'delete': {
      const { path } = rng.pick(keyed);
      const parent = getAt(holder.body, path.slice(0, -1)) as Json;
      delete parent[path.at(-1) as string];
      return `delete ${showPath(path)}`;
    }
    case 'duplicate': {
      const { path, value } = rng.pick(arrays);
      const items = value as unknown[];
      const i = rng.int(items.length);
      items.splice(i + 1, 0, clone(items[i]));
      return `duplicate ${showPath([...path, i])}`;
    }
    case 'swapType': {
      const { path, value } = rng.pick(arrays);
      const items = value as unknown[];
      const i = rng.int(items.length);
      const swapped = swapType(items[i], rng);
      items[i] = swapped.value;
      return `swap type of ${showPath([...path, i])} to ${swapped.label}`;
    }
    case 'unknownKey': {
      const { path, value } = rng.pick(objects);
      const key = rng.pick(UNKNOWN_KEYS);
      setOwn(value as object, key, rng.pick(REPLACEMENTS).value());
      return `add unknown key ${JSON.stringify(short(key))} at ${showPath(path)}`;
    }
    default: {
      const { path } = rng.pick(replaceable);
      const replacement = rng.pick(REPLACEMENTS);
      if (path.length === 0) {
        holder.body = replacement.value();
      } else {
        setOwn(getAt(holder.body, path.slice(0, -1)) as object, path.at(-1)!, replacement.value());
      }
      return `replace ${showPath(path)} with ${replacement.label}`;
    }
  }
}

/** 1 to 3 mutations of a copy of `base`. */
function mutate(base: unknown, rng: Rng, allowRoot = false): { body: unknown; mutations: string[] } {
  const holder = { body: clone(base) };
  const count = 1 + (rng.chance(0.55) ? 0 : rng.chance(0.6) ? 1 : 2);
  const mutations: string[] = [];
  for (let i = 0; i < count; i++) mutations.push(mutateOnce(holder, rng, allowRoot && i === 0));
  return { body: holder.body, mutations };
}

// ---------------------------------------------------------------------------------------------
// Checking responses

// Restated from docs/spec.md's error table on purpose: importing errorBody.ts's map would make
// this check agree with the code whatever the code says.
const TYPE_OF_STATUS: Record<number, string> = {
  401: 'UnauthorizedError',
  402: 'QuotaExceededError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  422: 'ValidationError',
  429: 'RateLimitedError',
};

/** What is wrong with a 4xx body, against docs/errors.md's error body. */
function errorBodyProblems(res: Response): string[] {
  const problems: string[] = [];
  const body = res.body as { error?: Record<string, unknown> } | undefined;
  const error = body?.error;
  if (typeof error !== 'object' || error === null) return ['the body has no `error` object'];
  const keys = Object.keys(body!);
  if (keys.length !== 1) problems.push(`the body has keys ${JSON.stringify(keys)}, not just "error"`);
  const expectedType = TYPE_OF_STATUS[res.status];
  if (expectedType !== undefined && error.type !== expectedType) problems.push(`error.type is ${JSON.stringify(error.type)}, not ${expectedType}`);
  if (typeof error.code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(error.code)) problems.push(`error.code ${JSON.stringify(error.code)} is not snake_case`);
  if (typeof error.message !== 'string' || error.message === '') problems.push('error.message is not a non-empty string');
  else if (/\n\s+at .+\(.+:\d+:\d+\)/.test(error.message)) problems.push('error.message holds a stack trace');
  if (!Array.isArray(error.details)) problems.push('error.details is not an array');
  else {
    for (const detail of error.details as unknown[]) {
      const d = detail as Json | null;
      if (typeof d !== 'object' || d === null || typeof d.path !== 'string' || typeof d.message !== 'string') {
        problems.push(`error.details has an item that is not {path, message}: ${JSON.stringify(detail)}`);
        break;
      }
    }
    if (res.status === 422 && (error.details as unknown[]).length === 0) problems.push('a 422 with empty error.details');
  }
  const requestId = res.headers['x-request-id'];
  if (typeof error.requestId !== 'string' || error.requestId === '') problems.push('error.requestId is not a non-empty string');
  else if (requestId !== undefined && error.requestId !== requestId) problems.push(`error.requestId ${error.requestId} is not the X-Request-Id ${requestId}`);
  return problems;
}

interface Failure {
  readonly endpoint: string;
  readonly request: string;
  readonly mutations: readonly string[];
  readonly input: string;
  readonly status: number | undefined;
  readonly response: string;
  readonly problems: readonly string[];
  readonly cause?: string;
  /** Groups failures of one kind. */
  readonly key: string;
}

/** Shortens long strings so inputs and bodies stay readable. */
function show(value: unknown, max = 1_200): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'string' && inner.length > 80 ? short(inner, 60) : inner));
  } catch {
    text = String(value);
  }
  text ??= String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Turns ids, numbers and quoted values into placeholders, so one kind of failure groups once. */
const normalize = (text: string): string =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/[0-9A-HJKMNP-TV-Z]{26}/g, '<id>')
    .replace(/\d+/g, '<n>')
    .replace(/"[^"]{30,}"/g, '"…"')
    .slice(0, 200);

class Collector {
  readonly failures: Failure[] = [];
  sent = 0;
  readonly statuses = new Map<number, number>();
  /** Status and error code → count (shown with FUZZ_VERBOSE=1). */
  readonly outcomes = new Map<string, number>();
  /** Logged `unhandled error`s, by request id (see the logger hook). */
  constructor(private readonly causes: Map<string, string>) {}

  causeOf(res: Response | undefined): string | undefined {
    const id = res?.headers['x-request-id'];
    return typeof id === 'string' ? this.causes.get(id) : undefined;
  }

  /** Sends the request; records a failure when the answer breaks the rule. Returns the response. */
  async send(
    endpoint: string,
    request: string,
    test: Test,
    input: unknown,
    mutations: readonly string[],
    extraCheck?: (res: Response) => string[],
  ): Promise<Response | undefined> {
    const { err, res } = await new Promise<{ err: Error | null; res: Response | undefined }>((resolve) => {
      test.end((e: Error | null, r: Response) => resolve({ err: e, res: r }));
    });
    this.sent++;
    const status = res?.status;
    if (status !== undefined) this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (res !== undefined) {
      const code = (res.body as { error?: { code?: string } } | undefined)?.error?.code ?? '';
      const outcome = `${res.status}${code ? ` ${code}` : ''}`;
      this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
      if (VERBOSE)
        console.log(
          `    ${endpoint} ${outcome} ← ${mutations.join('; ')}${code ? ` :: ${short(show(res.body.error.details ?? res.body.error.message, 300), 300)}` : ''}`,
        );
    }
    const problems: string[] = [];
    let key = '';
    if (res === undefined) {
      problems.push(`no response: ${err?.message ?? 'unknown'}`);
      key = 'no response';
    } else {
      if (res.status >= 500) {
        problems.push(`status ${res.status} (a client's mistake must be a 4xx)`);
        key = `${res.status} ${normalize(this.causeOf(res)?.split('\n')[0] ?? show(res.body?.error?.message))}`;
      } else if (res.status >= 400) {
        const shape = errorBodyProblems(res);
        problems.push(...shape);
        if (shape.length > 0) key = `error body: ${normalize(shape.join('; '))}`;
      }
      if (err !== null) {
        // api(app)'s OpenAPI check (or another supertest error).
        const lines = err.message.split('\n').filter((l) => !l.startsWith('  body:'));
        const firstBodyLine = err.message.indexOf('\n  body:');
        problems.push(`OpenAPI: ${firstBodyLine >= 0 ? err.message.slice(0, firstBodyLine) : lines.join('\n')}`);
        key ||= `OpenAPI: ${normalize(lines.slice(0, 2).join(' '))}`;
      }
      if (extraCheck && res.status < 400) {
        const extra = extraCheck(res);
        problems.push(...extra);
        if (extra.length > 0)
          key ||= normalize(
            this.causeOf(res)
              ?.replace(/^.*?: /, '')
              .split('\n')[0] ?? extra[0]!,
          );
      }
    }
    if (problems.length > 0) {
      this.failures.push({
        endpoint,
        request,
        mutations,
        input: show(input),
        status,
        response: show(res?.body, 1_500),
        problems,
        cause: this.causeOf(res),
        key: `${endpoint} | ${key}`,
      });
    }
    return res;
  }

  report(): string {
    const groups = new Map<string, Failure[]>();
    for (const failure of this.failures) groups.set(failure.key, [...(groups.get(failure.key) ?? []), failure]);
    const parts = [...groups.values()].map((group, n) => {
      const [first] = group;
      const others = group
        .slice(1, 4)
        .map((f) => `      also: ${f.mutations.join('; ')}`)
        .join('\n');
      return [
        `  ${n + 1}) ${first!.endpoint}: ${first!.request} → ${first!.status} (${group.length} input(s))`,
        `     mutations: ${first!.mutations.join('; ')}`,
        `     input:     ${first!.input}`,
        `     problems:  ${first!.problems.join('\n                ')}`,
        `     response:  ${first!.response}`,
        ...(first!.cause ? [`     cause:     ${first!.cause.split('\n').join('\n                ')}`] : []),
        ...(others ? [others] : []),
      ].join('\n');
    });
    return `${groups.size} distinct failure(s) in ${this.failures.length} of ${this.sent} request(s):\n${parts.join('\n\n')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The run

describe('HTTP fuzzing: mutated bodies and queries never get a 500 or an undocumented answer (sqlite)', function () {
  let w: PostsWorld;
  let contributor: string;
  const causes = new Map<string, string>();

  before(async function () {
    w = await startPostsWorld(this, 'sqlite');
    contributor = await w.memberSession('contributor');
    // LOG_LEVEL is 'silent' in the fixture: listen to the logger the app holds for the causes of 500s.
    const logger = w.t.composition.get(TOKENS.Logger);
    const original = logger.error.bind(logger);
    logger.error = (message: string, fields?: Record<string, unknown>) => {
      const id = fields?.requestId;
      if (typeof id === 'string') {
        const stack =
          typeof fields?.stack === 'string'
            ? fields.stack
                .split('\n')
                .slice(1)
                .filter((l) => !l.includes('node_modules') && !l.includes('node:'))
                .slice(0, 4)
                .map((l) => l.trim())
                .join('\n')
            : '';
        const where = fields?.index !== undefined ? ` (bulk item ${String(fields.index)})` : '';
        const line = `${message}${where}: ${String(fields?.error)}${stack ? `\n${stack}` : ''}`;
        causes.set(id, causes.has(id) ? `${causes.get(id)}\n${line}` : line);
      }
      original(message, fields);
    };
  });
  after(async () => w?.t.close());

  /** Valid post bodies, each checked once before the run. */
  const postBases = (): { name: string; body: Json }[] => [
    { name: 'draftBody', body: draftBody(w) },
    { name: 'scheduleBody', body: scheduleBody(w) },
    ...PLATFORMS.map((platform: Platform) => ({ name: `bodyFor(${platform})`, body: bodyFor(w, platform) })),
    {
      name: 'rich',
      body: draftBody(w, {
        groups: [
          group(DEFAULT_GROUP_ID, true, [
            segment('Hello 🌍', [media(w.media.photo, { altText: 'a photo', thumbnailMediaId: null, thumbnailTimestamp: null })]),
            segment('Second', [], { delayMinutes: 5 }),
          ]),
          group('g2', false, [segment('Other')]),
        ],
        targets: [target(w, 'TWITTER'), target(w, 'LINKEDIN', { groupId: 'g2', scheduledAt: future(48) })],
        intent: 'draft',
        source: 'api',
        externalSubmissionId: 'ext-1',
        submitForReview: false,
      }),
    },
  ];

  const assertNoFailures = (collector: Collector) => {
    if (VERBOSE)
      console.log(
        `    tally: ${[...collector.outcomes]
          .sort((a, b) => b[1] - a[1])
          .map(([o, n]) => `${o} ×${n}`)
          .join(', ')}`,
      );
    if (collector.failures.length > 0) expect.fail(collector.report());
  };

  it('checks that every base body is valid (201/200), so the fuzzing starts from good input', async () => {
    for (const { name, body } of postBases()) {
      const res = await w.api.post(w.posts).set(bearer(w.key)).send(body);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).to.equal(200);
    }
  });

  it(`posts.create: ${BUDGET.create} mutated bodies`, async () => {
    const rng = rngFor('create');
    const collector = new Collector(causes);
    const bases = postBases();
    for (let i = 0; i < BUDGET.create; i++) {
      const base = rng.pick(bases);
      const { body, mutations } = mutate(base.body, rng);
      await collector.send(
        'posts.create',
        `POST ${w.posts} (from ${base.name})`,
        w.api
          .post(w.posts)
          .set(bearer(w.key))
          .send(body as object),
        body,
        mutations,
      );
    }
    assertNoFailures(collector);
  });

  it(`posts.update: ${BUDGET.update} mutated bodies PATCHed onto an existing post`, async () => {
    const rng = rngFor('update');
    const collector = new Collector(causes);
    const bases = postBases();
    let post = await created(w, draftBody(w));
    for (let i = 0; i < BUDGET.update; i++) {
      const base = rng.pick(bases);
      const { body, mutations } = mutate(base.body, rng);
      const url = `${w.posts}/${post.id}`;
      const res = await collector.send(
        'posts.update',
        `PATCH ${url} (from ${base.name})`,
        w.api
          .patch(url)
          .set(bearer(w.key))
          .send(body as object),
        body,
        mutations,
      );
      if (res !== undefined && res.status < 300) post = await created(w, draftBody(w)); // keep an editable draft
    }
    assertNoFailures(collector);
  });

  it(`posts.bulkCreate: ${BUDGET.bulkCreate} arrays of mutated (and good) items`, async () => {
    const rng = rngFor('bulkCreate');
    const collector = new Collector(causes);
    const bases = postBases();
    const url = `${w.posts}/bulk`;
    const bulkCheck = (res: Response): string[] => {
      if (!Array.isArray(res.body)) return [];
      return (res.body as { index: number; ok: boolean; error?: { code: string; message: string } }[])
        .filter((r) => r.ok === false && r.error?.code === 'internal_error')
        .map((r) => `bulk item ${r.index} failed with internal_error (a 500 in its slot): ${r.error!.message.replace(/[0-9A-HJKMNP-TV-Z]{26}/g, '<id>')}`);
    };
    for (let i = 0; i < BUDGET.bulkCreate; i++) {
      const size = 1 + rng.int(4);
      const items: unknown[] = [];
      const mutations: string[] = [];
      for (let k = 0; k < size; k++) {
        const base = rng.pick(bases);
        // One item alone is always mutated; in a mix, about half are.
        if (size === 1 || rng.chance(0.5)) {
          const mutated = mutate(base.body, rng, true);
          items.push(mutated.body);
          mutations.push(`item ${k} (from ${base.name}): ${mutated.mutations.join(', ')}`);
        } else {
          items.push(clone(base.body));
        }
      }
      if (mutations.length === 0) {
        const mutated = mutate(bases[0]!.body, rng, true);
        items[0] = mutated.body;
        mutations.push(`item 0 (from ${bases[0]!.name}): ${mutated.mutations.join(', ')}`);
      }
      await collector.send('posts.bulkCreate', `POST ${url} (${size} item(s))`, w.api.post(url).set(bearer(w.key)).send(items), items, mutations, bulkCheck);
    }
    assertNoFailures(collector);
  });

  it(`posts.updateTarget: ${BUDGET.updateTarget} mutated target-update bodies`, async () => {
    const rng = rngFor('updateTarget');
    const collector = new Collector(causes);
    const bases: { name: string; body: Json }[] = [
      { name: 'all fields', body: { groupId: 'g2', settings: SETTINGS.TWITTER, scheduledAt: future(5) } },
      { name: 'scheduledAt', body: { scheduledAt: future(3) } },
      { name: 'settings', body: { settings: { platform: 'TWITTER', values: { replyRestriction: 'mentioned' } } } },
      { name: 'groupId', body: { groupId: DEFAULT_GROUP_ID } },
      { name: 'nulls', body: { groupId: null, settings: null, scheduledAt: null } },
      { name: 'empty', body: {} },
    ];
    const freshTarget = async () => {
      const post = await created(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true), group('g2', false, [segment('Other')])] }));
      return { postId: post.id, targetId: post.targets[0]!.id as string };
    };
    let at = await freshTarget();
    for (let i = 0; i < BUDGET.updateTarget; i++) {
      const base = rng.pick(bases);
      const { body, mutations } = mutate(base.body, rng);
      const url = `${w.posts}/${at.postId}/targets/${at.targetId}`;
      const res = await collector.send(
        'posts.updateTarget',
        `PATCH ${url} (from ${base.name})`,
        w.api
          .patch(url)
          .set(bearer(w.key))
          .send(body as object),
        body,
        mutations,
      );
      if (res !== undefined && res.status < 300) at = await freshTarget();
    }
    assertNoFailures(collector);
  });

  it(`posts review: ${BUDGET.review} mutated {decision, comment} bodies`, async () => {
    const rng = rngFor('review');
    const collector = new Collector(causes);
    const bases: { name: string; body: Json }[] = [
      { name: 'approved', body: { decision: 'approved' } },
      { name: 'approved with comment', body: { decision: 'approved', comment: 'Looks good' } },
      { name: 'changes_requested', body: { decision: 'changes_requested', comment: 'Please fix the typo' } },
      { name: 'approved, null comment', body: { decision: 'approved', comment: null } },
    ];
    const pending = async () => {
      const post = await created(w, scheduleBody(w), contributor);
      expect(post.status).to.equal('pending_review');
      return post.id;
    };
    let postId = await pending();
    for (let i = 0; i < BUDGET.review; i++) {
      const base = rng.pick(bases);
      const { body, mutations } = mutate(base.body, rng);
      const url = `${w.posts}/${postId}/reviews`;
      const res = await collector.send(
        'posts.review',
        `POST ${url} (from ${base.name})`,
        w.api
          .post(url)
          .set(bearer(w.key))
          .send(body as object),
        body,
        mutations,
      );
      if (res !== undefined && res.status < 300) postId = await pending();
    }
    assertNoFailures(collector);
  });

  it(`apiKeys.create: ${BUDGET.apiKeysCreate} mutated bodies, with a session`, async () => {
    const rng = rngFor('apiKeysCreate');
    const collector = new Collector(causes);
    const bases: { name: string; body: Json }[] = [
      { name: 'viewer', body: { role: 'viewer' } },
      { name: 'named editor with scopes', body: { role: 'editor', name: 'CI', scopes: ['posts:read', 'posts:write'] } },
      { name: 'contributor, empty scopes', body: { role: 'contributor', name: 'bot', scopes: [] } },
    ];
    const url = `/v1/workspaces/${w.ws}/api-keys`;
    for (let i = 0; i < BUDGET.apiKeysCreate; i++) {
      const base = rng.pick(bases);
      const { body, mutations } = mutate(base.body, rng);
      await collector.send(
        'apiKeys.create',
        `POST ${url} (from ${base.name})`,
        w.api
          .post(url)
          .set(bearer(w.session))
          .send(body as object),
        body,
        mutations,
      );
    }
    assertNoFailures(collector);
  });

  it(`posts.list: ${BUDGET.list} queries with random limit, offset and status`, async () => {
    const rng = rngFor('list');
    const collector = new Collector(causes);
    const randomText = (): string => {
      const alphabet = "abcXYZ019-_.~!*()' %&=+;,/?#[]@😀ذ\u200B";
      const chars = [...alphabet];
      return Array.from({ length: 1 + rng.int(12) }, () => rng.pick(chars)).join('');
    };
    const VALUES: readonly (() => string)[] = [
      () => '',
      () => '0',
      () => '1',
      () => '-1',
      () => '100',
      () => '101',
      () => '20',
      () => '1.5',
      () => '1e3',
      () => ' 5',
      () => '5 ',
      () => '0x10',
      () => '+3',
      () => '٣',
      () => 'NaN',
      () => 'Infinity',
      () => 'null',
      () => 'true',
      () => '[]',
      () => '{}',
      () => '9'.repeat(30),
      () => String(Number.MAX_SAFE_INTEGER),
      () => String(Number.MAX_SAFE_INTEGER + 2),
      () => 'draft',
      () => 'DRAFT',
      () => 'scheduled',
      () => 'published ',
      () => 'x'.repeat(2_000),
      ...WEIRD_STRINGS.filter((s) => s !== '\uD83D').map((s) => () => s),
      randomText,
      randomText,
      randomText,
    ];
    const RAW: readonly string[] = ['%', '%zz', '%E0%A4%A', '%C0%80', '%00', '%FF%FE', '%2', '%%%'];
    const NAMES = ['limit', 'offset', 'status'] as const;
    const VALID: Record<(typeof NAMES)[number], readonly string[]> = {
      limit: ['1', '20', '100', ''],
      offset: ['0', '3', '1000000', String(Number.MAX_SAFE_INTEGER)],
      status: [...POST_STATUSES, ''],
    };
    for (let i = 0; i < BUDGET.list; i++) {
      const pairs: string[] = [];
      for (const name of NAMES) {
        if (rng.chance(0.25)) continue; // absent
        const copies = rng.chance(0.1) ? 2 : 1; // a repeated parameter arrives as an array
        for (let c = 0; c < copies; c++) {
          const roll = rng.float();
          pairs.push(
            roll < 0.4
              ? `${name}=${rng.pick(VALID[name])}` // so some queries pass and reach the database
              : roll < 0.5
                ? `${name}=${rng.pick(RAW)}`
                : `${name}=${encodeURIComponent(rng.pick(VALUES)())}`,
          );
        }
      }
      if (rng.chance(0.1)) pairs.push(`${rng.pick(['unknown', 'limit[]', 'status[0]', 'offset[a]'])}=${encodeURIComponent(randomText())}`);
      const url = `${w.posts}?${pairs.join('&')}`;
      await collector.send('posts.list', `GET ${short(url, 300)}`, w.api.get(url).set(bearer(w.key)), Object.fromEntries(pairs.map((p, k) => [k, p])), [
        `query ${short(pairs.join('&'), 200)}`,
      ]);
    }
    assertNoFailures(collector);
  });
});
