import { expect } from 'chai';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Clock, createDispatch, type Dispatch, DispatchError, type DispatchOptions, type Schemas } from '../../sdk/src';
import { type SdkService, startSdkService } from './sdkService';

interface Scripted {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
}
interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

const rateLimited = (retryAfter: string, code = 'rate_limited'): Scripted => ({
  status: 429,
  headers: { 'Retry-After': retryAfter },
  body: { error: { type: 'RateLimitedError', code, message: 'Rate limit of 3 requests reached', details: [], requestId: 'req-429' } },
});
const unavailable = (retryAfter: string): Scripted => ({
  status: 503,
  headers: { 'Retry-After': retryAfter },
  body: { error: { type: 'HealthUnavailable', code: 'database_unavailable', message: 'The database is unavailable', details: [], requestId: 'req-503' } },
});

/** A clock whose sleeps return at once and are written down. */
function recordingClock(now = Date.parse('2030-01-01T00:00:00Z')): Clock & { readonly sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, now: () => now, sleep: async (ms) => void sleeps.push(ms) };
}

const BODY: Schemas['PostRequest'] = { groups: [{ id: 'main', isDefault: true, segments: [{ text: 'hello', media: [] }] }], targets: [], intent: 'draft' };

describe('@dispatch/sdk retries a 429 or a 503 after its Retry-After, on an injected clock', () => {
  let server: Server;
  let script: Scripted[];
  let received: Received[];
  let baseUrl: string;
  const client = (options: Partial<DispatchOptions> = {}): Dispatch => createDispatch({ baseUrl, token: 'dsk_test', ...options });
  const createPost = (dispatch: Dispatch) => dispatch.POST('/v1/workspaces/{workspaceId}/posts', { params: { path: { workspaceId: 'ws1' } }, body: BODY });

  // A local server answering from the script, the last answer again once it runs out.
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const answer = script.length > 1 ? script.shift()! : script[0]!;
        res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body ?? {}));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  beforeEach(() => {
    received = [];
  });

  it('retries a POST answered 429 after Retry-After seconds, with the same Idempotency-Key and body, and returns the answer that succeeded', async () => {
    script = [rateLimited('7'), { status: 200, body: { id: 'post-1', status: 'draft' } }];
    const clock = recordingClock();
    const { data, response } = await createPost(client({ clock }));
    expect(response.status).to.equal(200);
    expect(data.id).to.equal('post-1');
    expect(clock.sleeps).to.deep.equal([7000]);
    expect(received).to.have.length(2);
    const [first, second] = received;
    expect(first!.headers['idempotency-key']).to.be.a('string').and.not.equal('');
    expect(second!.headers['idempotency-key']).to.equal(first!.headers['idempotency-key']);
    expect(second!.body).to.equal(first!.body);
    expect(JSON.parse(second!.body)).to.deep.equal(BODY);
    expect(received.map((r) => r.headers.authorization)).to.deep.equal(['Bearer dsk_test', 'Bearer dsk_test']);
  });

  it('reads a Retry-After given as an HTTP date against the injected clock, and retries a 503 as well', async () => {
    script = [unavailable('Tue, 01 Jan 2030 00:00:05 GMT'), rateLimited('2'), { status: 200, body: { data: [], total: 0, limit: 20, offset: 0 } }];
    const clock = recordingClock(Date.parse('2030-01-01T00:00:00Z'));
    const { data } = await client({ clock }).GET('/v1/workspaces/{workspaceId}/posts', { params: { path: { workspaceId: 'ws1' } } });
    expect(data.total).to.equal(0);
    expect(clock.sleeps).to.deep.equal([5000, 2000]);
    expect(received.map((r) => r.headers['idempotency-key'])).to.deep.equal([undefined, undefined, undefined]);
  });

  it('gives up after maxAttempts and throws the last 429 as a DispatchError with its body and Retry-After', async () => {
    script = [rateLimited('1')];
    const clock = recordingClock();
    const error = await createPost(client({ clock, retry: { maxAttempts: 4 } })).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DispatchError);
    const failure = error as DispatchError;
    expect([failure.status, failure.type, failure.code, failure.requestId, failure.retryAfterMs]).to.deep.equal([
      429,
      'RateLimitedError',
      'rate_limited',
      'req-429',
      1000,
    ]);
    expect(received).to.have.length(4);
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).to.equal(1);
    expect(clock.sleeps).to.deep.equal([1000, 1000, 1000]);
  });

  it('does not wait past maxDelayMs: a Retry-After longer than that is thrown at once', async () => {
    script = [rateLimited('600', 'refresh_too_soon')];
    const clock = recordingClock();
    const error = await createPost(client({ clock, retry: { maxDelayMs: 30_000 } })).catch((e: unknown) => e);
    expect((error as DispatchError).code).to.equal('refresh_too_soon');
    expect((error as DispatchError).retryAfterMs).to.equal(600_000);
    expect(received).to.have.length(1);
    expect(clock.sleeps).to.deep.equal([]);

    received = [];
    script = [unavailable('Tue, 01 Jan 2030 00:10:00 GMT')];
    const later = await createPost(client({ clock: recordingClock(Date.parse('2030-01-01T00:00:00Z')) })).catch((e: unknown) => e);
    expect((later as DispatchError).retryAfterMs, 'read on the injected clock').to.equal(600_000);
    expect(received).to.have.length(1);
  });

  it('never retries with retry: false, nor another status (a 500), and backs off 1 s, 2 s … when Retry-After is missing', async () => {
    script = [rateLimited('3')];
    const once = await createPost(client({ clock: recordingClock(), retry: false })).catch((e: unknown) => e);
    expect((once as DispatchError).status).to.equal(429);
    expect(received).to.have.length(1);

    received = [];
    script = [{ status: 500, body: { error: { type: 'InternalError', code: 'internal_error', message: 'a bug', details: [], requestId: 'r' } } }];
    const bug = await createPost(client({ clock: recordingClock() })).catch((e: unknown) => e);
    expect((bug as DispatchError).code).to.equal('internal_error');
    expect(received).to.have.length(1);

    received = [];
    script = [
      { status: 503, body: 'upstream down' },
      { status: 503, body: 'upstream down' },
      { status: 200, body: { data: [] } },
    ];
    const clock = recordingClock();
    await client({ clock }).GET('/v1/me/workspaces');
    expect(clock.sleeps).to.deep.equal([1000, 2000]);
  });

  it('asks a token function again before each attempt, so a retry carries a fresh token', async () => {
    script = [rateLimited('1'), { status: 200, body: { id: 'post-2' } }];
    const tokens = ['first-token', 'second-token'];
    await createPost(client({ clock: recordingClock(), token: () => tokens.shift() })).then(({ data }) => expect(data.id).to.equal('post-2'));
    expect(received.map((r) => r.headers.authorization)).to.deep.equal(['Bearer first-token', 'Bearer second-token']);
  });

  it('keeps an Idempotency-Key the caller chose, across its retries', async () => {
    script = [unavailable('1'), { status: 200, body: { id: 'post-3' } }];
    await client({ clock: recordingClock() }).POST('/v1/workspaces/{workspaceId}/posts', {
      params: { path: { workspaceId: 'ws1' }, header: { 'Idempotency-Key': 'mine-1' } },
      body: BODY,
    });
    expect(received.map((r) => r.headers['idempotency-key'])).to.deep.equal(['mine-1', 'mine-1']);
  });

  it('turns an answer that is not the API error body into a DispatchError all the same', async () => {
    script = [{ status: 400, body: { error: 'invalid_grant', error_description: 'the code has expired' } }];
    const oauth = (await client()
      .GET('/v1/me/workspaces')
      .catch((e: unknown) => e)) as DispatchError;
    expect([oauth.status, oauth.type, oauth.code, oauth.message, oauth.body]).to.deep.equal([
      400,
      'OAuthError',
      'invalid_grant',
      '400 invalid_grant: the code has expired',
      undefined,
    ]);
    script = [{ status: 502, body: '<html>Bad Gateway</html>' }];
    const proxy = (await client()
      .GET('/v1/me/workspaces')
      .catch((e: unknown) => e)) as DispatchError;
    expect([proxy.status, proxy.code, proxy.type]).to.deep.equal([502, 'http_502', 'HttpError']);
  });
});

describe('@dispatch/sdk against a rate-limited service: a real 429 is retried after its Retry-After', function () {
  this.timeout(60_000);
  let running: SdkService;

  before(async () => {
    running = await startSdkService({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '1' });
  });
  after(async () => {
    await running?.stop();
  });

  it("waits the service's Retry-After on the injected clock, then gets its answer", async () => {
    const answers: { status: number; retryAfter: string | null }[] = [];
    const sleeps: number[] = [];
    const dispatch = running.client({
      // Real time passes (the service's window must end), but the SDK's waits are the test's to see.
      clock: {
        now: () => Date.now(),
        sleep: async (ms) => {
          sleeps.push(ms);
          await new Promise((resolve) => setTimeout(resolve, ms));
        },
      },
      fetch: async (request) => {
        const response = await fetch(request);
        answers.push({ status: response.status, retryAfter: response.headers.get('Retry-After') });
        return response;
      },
    });
    // Three requests a second pass; a burst of ten meets a 429 whatever the window's phase.
    for (let i = 0; i < 10; i++) {
      const { data } = await dispatch.GET('/v1/me/workspaces');
      expect(data.data).to.have.length(1);
    }
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length, JSON.stringify(answers)).to.be.greaterThan(0);
    expect(sleeps).to.deep.equal(refused.map((a) => Number(a.retryAfter) * 1000));
    expect(answers.filter((a) => a.status === 200)).to.have.length(10);
  });
});
