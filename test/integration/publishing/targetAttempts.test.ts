import { expect } from 'chai';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL } from '../../support/data/people';
import { api } from '../../support/openapi';
import { EngineHarness } from '../../support/publishingEngine';
import { rejected, retryLater } from '../../support/scriptedPublisher';
import { requireServer } from '../../support/services';

const SECOND = 1000;

/** posts.targetAttempts through the HTTP API: every platform call of a target, as the engine made it. */
for (const kind of DATABASE_KINDS) {
  describe(`the attempts of a target over HTTP (${kind})`, function () {
    let h: EngineHarness;

    before(async function () {
      const server = serverFor(kind);
      if (server !== null) await requireServer(this, server);
    });
    beforeEach(async () => {
      h = await EngineHarness.start(kind);
    });
    afterEach(() => h?.close());

    const client = async () => {
      const { key } = await h.testApp!.given.apiKey(h.workspaceId, OWNER_EMAIL, 'viewer');
      const http = api(h.testApp!.app);
      return { get: (path: string) => http.get(path).set({ Authorization: `Bearer ${key}` }) };
    };

    it('lists a target that retried, then failed: each call with its times, segment, outcome, error and status code', async () => {
      h.publisher.will({ ...retryLater(30, 'HTTP 503: busy'), statusCode: 503 }, { ...rejected('HTTP 400: the text is too long'), statusCode: 400 });
      const post = await h.post(['Doomed']);
      const targetId = post.targets[0]!.id;
      const first = h.clock.now();
      await h.publishDue();
      h.clock.advance(60 * SECOND);
      const second = h.clock.now();
      await h.publishDue();
      expect((await h.target(post.id)).status).to.equal('failed');

      const res = await (await client()).get(`/v1/workspaces/${h.workspaceId}/posts/${post.id}/targets/${targetId}/attempts`).expect(200);
      const shown = res.body.data.map((a: Record<string, unknown>) => ({ ...a, id: undefined }));
      expect(shown).to.deep.equal([
        {
          id: undefined,
          attempt: 1,
          segmentIndex: 0,
          startedAt: first.toISOString(),
          finishedAt: first.toISOString(),
          outcome: 'retryLater',
          error: 'HTTP 503: busy',
          statusCode: 503,
          platformPostId: null,
          readBack: false,
        },
        {
          id: undefined,
          attempt: 2,
          segmentIndex: 0,
          startedAt: second.toISOString(),
          finishedAt: second.toISOString(),
          outcome: 'rejected',
          error: 'HTTP 400: the text is too long',
          statusCode: 400,
          platformPostId: null,
          readBack: false,
        },
      ]);
    });

    it('shows a published thread segment by segment, and a target with no call yet as an empty list', async () => {
      const post = await h.post(['One', 'Two']);
      const targetId = post.targets[0]!.id;
      const c = await client();
      const url = `/v1/workspaces/${h.workspaceId}/posts/${post.id}/targets/${targetId}/attempts`;
      expect((await c.get(url).expect(200)).body).to.deep.equal({ data: [] });
      await h.publishDue();
      await h.publishDue();
      const { data } = (await c.get(url).expect(200)).body;
      expect(data.map((a: { segmentIndex: number; outcome: string; platformPostId: string }) => [a.segmentIndex, a.outcome, a.platformPostId])).to.deep.equal([
        [0, 'published', 'pp_1'],
        [1, 'published', 'pp_2'],
      ]);
    });

    it('answers 404 for an unknown post or target, and for a post of another workspace', async () => {
      const post = await h.post(['Hello']);
      const targetId = post.targets[0]!.id;
      const c = await client();
      await c.get(`/v1/workspaces/${h.workspaceId}/posts/nope/targets/${targetId}/attempts`).expect(404);
      await c.get(`/v1/workspaces/${h.workspaceId}/posts/${post.id}/targets/nope/attempts`).expect(404);
      const given = h.testApp!.given;
      await given.user(OTHER_OWNER_EMAIL);
      const other = await given.workspace(OTHER_OWNER_EMAIL, 'Other');
      const { key } = await given.apiKey(other, OTHER_OWNER_EMAIL, 'owner');
      await api(h.testApp!.app)
        .get(`/v1/workspaces/${other}/posts/${post.id}/targets/${targetId}/attempts`)
        .set({ Authorization: `Bearer ${key}` })
        .expect(404);
    });
  });
}
