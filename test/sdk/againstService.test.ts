import { expect } from 'chai';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createDispatch, DispatchError, isDispatchError, type Schemas, verifyWebhook, WebhookVerificationError } from '../../sdk/src';
import { eventually, type SdkService, startSdkService } from './sdkService';

/** The settings each sandbox account of a first start takes (README, "A first post"). */
const SETTINGS: Partial<Record<Schemas['Platform'], Schemas['TargetSettings']>> = {
  BLUESKY: { platform: 'BLUESKY', values: {} },
  TWITTER: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } },
  LINKEDIN: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } },
};

/** The Idempotency-Key of every request a client sends, in order, by method. */
function recordingFetch(seen: { method: string; key: string | null }[]): (request: Request) => Promise<Response> {
  return (request) => {
    seen.push({ method: request.method, key: request.headers.get('Idempotency-Key') });
    return fetch(request);
  };
}

describe('@dispatch/sdk against the running service', function () {
  this.timeout(60_000);
  let running: SdkService;
  let workspaceId: string;
  let targets: Schemas['PostTargetRequest'][];
  const draft = (text: string): Schemas['PostRequest'] => ({
    groups: [{ id: 'main', isDefault: true, segments: [{ text, media: [] }] }],
    targets: targets.map((t) => ({ ...t, scheduledAt: null })),
    intent: 'draft',
  });

  before(async () => {
    running = await startSdkService({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' });
    const dispatch = running.client();
    workspaceId = (await dispatch.GET('/v1/me/workspaces')).data.data[0]!.id;
    const { data: connections } = await dispatch.GET('/v1/workspaces/{workspaceId}/connections', { params: { path: { workspaceId } } });
    targets = connections.data
      .filter((c) => c.sandbox && SETTINGS[c.platform] !== undefined)
      .map((c) => ({ connectionId: c.id, groupId: 'main', scheduledAt: null, settings: SETTINGS[c.platform]! }));
  });
  after(async () => {
    await running?.stop();
  });

  it('creates a post and publishes it to the three sandbox accounts, each page showing it', async () => {
    const dispatch = running.client();
    expect(targets.map((t) => t.settings.platform).sort()).to.deep.equal(['BLUESKY', 'LINKEDIN', 'TWITTER']);
    const { data: post } = await dispatch.POST('/v1/workspaces/{workspaceId}/posts', {
      params: { path: { workspaceId } },
      body: { ...draft('Hello from the TypeScript SDK'), intent: 'publish_now' },
    });
    expect(post.status).to.equal('publishing');
    const published = await eventually(
      async () => (await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}/targets', { params: { path: { workspaceId, id: post.id } } })).data,
      (all) => all.every((t) => t.status === 'published'),
    );
    expect(published).to.have.length(3);
    for (const target of published) {
      const page = await fetch(`${running.baseUrl}${new URL(target.platformPostUrl!).pathname}`);
      expect(page.status).to.equal(200);
      expect(await page.text()).to.include('Hello from the TypeScript SDK');
    }
    const { data: after } = await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}', { params: { path: { workspaceId, id: post.id } } });
    expect(after.status).to.equal('published');
  });

  it('publishes a draft it created with POST …/publish, and sends an Idempotency-Key on every POST, none on a GET', async () => {
    const seen: { method: string; key: string | null }[] = [];
    const dispatch = running.client({ fetch: recordingFetch(seen) });
    const { data: created } = await dispatch.POST('/v1/workspaces/{workspaceId}/posts', { params: { path: { workspaceId } }, body: draft('A draft first') });
    expect(created.status).to.equal('draft');
    const { data: publishing } = await dispatch.POST('/v1/workspaces/{workspaceId}/posts/{id}/publish', { params: { path: { workspaceId, id: created.id } } });
    expect(publishing.status).to.equal('publishing');
    await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}', { params: { path: { workspaceId, id: created.id } } });
    const posts = seen.filter((s) => s.method === 'POST');
    expect(posts).to.have.length(2);
    for (const { key } of posts) expect(key).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(posts[0]!.key).to.not.equal(posts[1]!.key);
    expect(seen.filter((s) => s.method === 'GET').map((s) => s.key)).to.deep.equal([null]);
  });

  it('replays a create retried under the same Idempotency-Key: the same post, Idempotent-Replayed: true, nothing created twice', async () => {
    const dispatch = running.client();
    const key = `sdk-test-${Date.now()}`;
    const create = () =>
      dispatch.POST('/v1/workspaces/{workspaceId}/posts', {
        params: { path: { workspaceId }, header: { 'Idempotency-Key': key } },
        body: draft('Created once, whatever the retries'),
      });
    const first = await create();
    const second = await create();
    expect(second.data.id).to.equal(first.data.id);
    expect(first.response.headers.get('Idempotent-Replayed')).to.equal(null);
    expect(second.response.headers.get('Idempotent-Replayed')).to.equal('true');
    const { data: drafts } = await dispatch.GET('/v1/workspaces/{workspaceId}/posts', {
      params: { path: { workspaceId }, query: { status: 'draft', limit: '100' } },
    });
    expect(drafts.data.filter((p) => p.groups[0]!.segments[0]!.text === 'Created once, whatever the retries')).to.have.length(1);
    // Another body under the same key is refused, not run.
    const reused = await dispatch
      .POST('/v1/workspaces/{workspaceId}/posts', { params: { path: { workspaceId }, header: { 'Idempotency-Key': key } }, body: draft('Another post') })
      .catch((error: unknown) => error);
    expect(reused).to.be.instanceOf(DispatchError);
    expect((reused as DispatchError).status).to.equal(409);
    expect((reused as DispatchError).code).to.equal('idempotency_key_reused');
  });

  it('throws a 422 invalid_body as a DispatchError carrying the error body: code, type, details by path, requestId', async () => {
    const dispatch = running.client();
    const body = {
      groups: [{ id: 'main', isDefault: true, segments: [{ text: 'no targets', media: [] }] }],
      intent: 'sometime',
    } as unknown as Schemas['PostRequest'];
    const error = await dispatch.POST('/v1/workspaces/{workspaceId}/posts', { params: { path: { workspaceId } }, body }).catch((e: unknown) => e);
    expect(isDispatchError(error, 'invalid_body')).to.equal(true);
    const failure = error as DispatchError;
    expect(failure.status).to.equal(422);
    expect(failure.type).to.equal('ValidationError');
    expect(failure.details.map((d) => d.path)).to.include.members(['targets', 'intent']);
    expect(failure.body?.error.code).to.equal('invalid_body');
    expect(failure.requestId).to.equal(failure.response.headers.get('X-Request-Id')).and.to.be.a('string');
    expect(failure.message).to.match(/^422 invalid_body: /);
  });

  it('throws a 404 as a DispatchError (post_not_found), and the raw client returns it typed instead', async () => {
    const dispatch = running.client();
    const path = { workspaceId, id: '01J0000000000000000000000Z' };
    const error = await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}', { params: { path } }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DispatchError);
    expect((error as DispatchError).status).to.equal(404);
    expect((error as DispatchError).code).to.equal('post_not_found');
    const raw = await dispatch.raw.GET('/v1/workspaces/{workspaceId}/posts/{id}', { params: { path } });
    expect(raw.response.status).to.equal(404);
    expect(raw.error?.error.code).to.equal('post_not_found');
  });

  it('asks a token function before each request, and a refused token is a 401 DispatchError', async () => {
    let asked = 0;
    const dispatch = createDispatch({
      baseUrl: running.baseUrl,
      token: async () => {
        asked++;
        return running.key;
      },
    });
    await dispatch.GET('/v1/me/workspaces');
    await dispatch.GET('/v1/me/workspaces');
    expect(asked).to.equal(2);
    const refused = await createDispatch({ baseUrl: running.baseUrl, token: 'dsk_not-a-key' })
      .GET('/v1/me/workspaces')
      .catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(DispatchError);
    expect((refused as DispatchError).status).to.equal(401);
    expect((refused as DispatchError).type).to.equal('UnauthorizedError');
  });

  describe('the webhook verifier, on a real delivery', () => {
    let receiver: Server;
    const deliveries: { body: string; headers: IncomingHttpHeaders }[] = [];

    before(async () => {
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          deliveries.push({ body, headers: req.headers });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    });
    after(async () => {
      await new Promise((resolve) => receiver?.close(resolve));
    });

    it('verifies a signed webhook.test delivery and gives its typed event; an altered body or another secret is refused', async () => {
      const dispatch = running.client();
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const { data: hook, response } = await dispatch.POST('/v1/workspaces/{workspaceId}/webhooks', {
        params: { path: { workspaceId } },
        body: { url, eventTypes: ['post.published'] },
      });
      expect(response.status).to.equal(201);
      await dispatch.POST('/v1/workspaces/{workspaceId}/webhooks/{webhookId}/test', { params: { path: { workspaceId, webhookId: hook.id } } });
      // The workspace's posts from the tests before may still be publishing: their post.published can come first.
      const isTest = (d: { body: string }) => (JSON.parse(d.body) as { type?: string }).type === 'webhook.test';
      const delivery = (
        await eventually(
          async () => deliveries,
          (all) => all.some(isTest),
        )
      ).find(isTest);
      const event = verifyWebhook({ secret: hook.secret, body: delivery!.body, headers: delivery!.headers });
      expect(event.type).to.equal('webhook.test');
      if (event.type !== 'webhook.test') throw new Error('unreachable');
      expect(event.data.subscriptionId).to.equal(hook.id);
      expect(event.workspaceId).to.equal(workspaceId);
      expect(event.id).to.equal(delivery!.headers['webhook-id']);
      // A fetch Headers and the body's bytes verify the same; a rotated-out secret beside the right one too.
      const headers = new Headers(Object.entries(delivery!.headers).map(([name, value]) => [name, String(value)]));
      const other = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
      expect(verifyWebhook({ secret: [other, hook.secret], body: new TextEncoder().encode(delivery!.body), headers }).id).to.equal(event.id);
      expect(() => verifyWebhook({ secret: hook.secret, body: delivery!.body.replace('webhook.test', 'post.failed'), headers })).to.throw(
        WebhookVerificationError,
      );
      expect(() => verifyWebhook({ secret: other, body: delivery!.body, headers })).to.throw(WebhookVerificationError);
    });
  });
});
