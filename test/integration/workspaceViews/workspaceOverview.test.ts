import { expect } from 'chai';
import { sqlCounter } from '../../../bench/sqlCounter';
import { sqliteReaderOf } from '../../../adapters/outbound/persistence/typeorm/transactionContext';
import { TOKENS } from '../../../config/tokens';
import { OWNER_EMAIL, STRANGER_EMAIL } from '../../support/data/people';
import { DATABASE_KINDS } from '../../support/databases';
import { api } from '../../support/openapi';
import { freshDatabaseEnv, startTestApp } from '../../support/testApp';
import { asWorker, bearer, created, draftBody, future, type PostsWorld, startPostsWorld, target, targetIdOf } from '../posts/postsFixture';

type Overview = Record<string, any>;

for (const kind of DATABASE_KINDS) {
  describe(`overview (GET /v1/me/overview/{workspaceId}) on ${kind}`, function () {
    let w: PostsWorld;
    const overviewOf = (workspaceId = w.ws) => `/v1/me/overview/${workspaceId}`;
    const read = async (token = w.key): Promise<Overview> => (await w.api.get(overviewOf()).set(bearer(token)).expect(200)).body;
    const scheduled = (hours: number) => created(w, draftBody(w, { intent: 'schedule', targets: [target(w, 'TWITTER', { scheduledAt: future(hours) })] }));

    /** Statements one overview request sends, on the main connection and SQLite's reader alike. */
    async function statementsOfOneOverview(): Promise<string[]> {
      const counters = [w.t.dataSource, sqliteReaderOf(w.t.dataSource)].flatMap((ds) => (ds === undefined ? [] : [sqlCounter(ds)]));
      const nested = counters.reduce<() => Promise<string[]>>(
        (inner, counted) => async () => {
          const { result, statements } = await counted(inner);
          return [...result, ...statements];
        },
        async () => {
          await read();
          return [];
        },
      );
      return nested();
    }

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    it('shows an empty workspace: every status at 0, nothing upcoming or failed, its connections, setup and members', async () => {
      const overview = await read();
      expect(overview.posts).to.deep.equal({
        total: 0,
        byStatus: { draft: 0, pending_review: 0, changes_requested: 0, scheduled: 0, publishing: 0, published: 0, partially_failed: 0, failed: 0 },
      });
      expect(overview.upcoming).to.deep.equal([]);
      expect(overview.recentFailures).to.deep.equal([]);
      expect(overview.connections.total).to.equal(10);
      // No payment provider configured (the tests' default): nothing to pay, so nothing outstanding once accounts are connected.
      expect(overview.setup).to.include({ workspaceId: w.ws, outstandingAction: null, onboardingComplete: true });
      expect(overview.membersCount).to.equal(1);
    });

    it('counts posts by status, lists the next scheduled targets soonest first, and failed targets with their errors', async () => {
      const later = await scheduled(30);
      const soonest = await scheduled(10);
      const middle = await scheduled(20);
      // A draft with a time is not scheduled: not upcoming.
      await created(w, draftBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: future(1) })] }));
      const failing = await scheduled(40);
      const failingTarget = targetIdOf(w, failing, 'TWITTER');
      await asWorker(w, failing.id, (post, now) => {
        post.startPublishing(failingTarget, now);
        post.markFailed(failingTarget, 'Twitter said: duplicate content', now);
      });

      const overview = await read();
      expect(overview.posts.total).to.equal(5);
      expect(overview.posts.byStatus).to.include({ draft: 1, scheduled: 3, failed: 1 });
      expect(overview.upcoming.map((t: Overview) => t.postId)).to.deep.equal([soonest.id, middle.id, later.id]);
      expect(overview.upcoming[0]).to.deep.equal({
        postId: soonest.id,
        targetId: targetIdOf(w, soonest, 'TWITTER'),
        connectionId: w.conn.TWITTER,
        platform: 'TWITTER',
        scheduledAt: future(10),
      });
      expect(overview.recentFailures).to.have.length(1);
      expect(overview.recentFailures[0]).to.include({
        postId: failing.id,
        targetId: failingTarget,
        connectionId: w.conn.TWITTER,
        platform: 'TWITTER',
        error: 'Twitter said: duplicate content',
      });
    });

    it('shows at most 5 upcoming targets', async () => {
      for (const hours of [11, 12, 13]) await scheduled(hours);
      const overview = await read();
      expect(overview.upcoming).to.have.length(5);
      expect(overview.upcoming.map((t: Overview) => t.scheduledAt)).to.deep.equal([future(10), future(11), future(12), future(13), future(20)]);
    });

    it("shows each connection's health: a connection that needs reconnecting with its reason and last error", async () => {
      const connections = w.t.composition.get(TOKENS.ConnectionRepository);
      const linkedIn = (await connections.findById(w.conn.LINKEDIN))!;
      linkedIn.needsReconnect('LinkedIn revoked the grant', new Date());
      await connections.save(linkedIn);
      const shown = (await read()).connections.data.find((c: Overview) => c.id === w.conn.LINKEDIN);
      expect(shown).to.include({ status: 'needs_reconnect', statusReason: 'LinkedIn revoked the grant' });
      expect(shown.lastError.message).to.equal('LinkedIn revoked the grant');
    });

    it('counts the members', async () => {
      await w.memberSession('viewer');
      expect((await read()).membersCount).to.equal(2);
    });

    it('sends the same number of SQL statements whatever the workspace holds (no N+1)', async () => {
      const before = await statementsOfOneOverview();
      for (let i = 0; i < 10; i++) {
        const post = await scheduled(50 + i);
        const id = targetIdOf(w, post, 'TWITTER');
        await asWorker(w, post.id, (p, now) => {
          p.startPublishing(id, now);
          p.markFailed(id, `failure ${i}`, now);
        });
      }
      await w.memberSession('editor');
      const after = await statementsOfOneOverview();
      expect(after.length, after.join('\n')).to.equal(before.length);
      // Authentication (the access check reuses its membership), then the overview's eight reads.
      expect(after.length, after.join('\n')).to.be.at.most(10);
      expect((await read()).recentFailures).to.have.length(5);
    });

    describe('access', () => {
      it('any member with posts:read (a viewer) reads it', async () => {
        const overview = await read(await w.memberSession('viewer'));
        expect(overview.workspaceId).to.equal(w.ws);
      });

      it('answers 403 naming posts:read for a key without it', async () => {
        const { key } = await w.t.given.apiKey(w.ws, OWNER_EMAIL, 'owner', ['accounts:read']);
        const res = await w.api.get(overviewOf()).set(bearer(key)).expect(403);
        expect(res.body.error).to.include({ type: 'ForbiddenError', code: 'insufficient_scope' });
        expect(res.headers['www-authenticate']).to.include('posts:read');
      });

      it('answers 403 for a key of another workspace, 404 for a workspace the caller is not a member of', async () => {
        expect((await w.api.get(overviewOf(w.otherWs)).set(bearer(w.key)).expect(403)).body.error.code).to.equal('workspace_not_allowed');
        await w.t.given.user(STRANGER_EMAIL);
        const stranger = await w.t.given.session(STRANGER_EMAIL);
        expect((await w.api.get(overviewOf()).set(bearer(stranger)).expect(404)).body.error.code).to.equal('workspace_not_found');
      });

      it('answers 401 without a credential', async () => {
        expect((await w.api.get(overviewOf()).expect(401)).body.error.code).to.equal('missing_credential');
      });

      it('answers 429 once the credential has spent its budget', async () => {
        const limited = await startTestApp(await freshDatabaseEnv(kind), { RATE_LIMIT_MAX: '1' });
        try {
          await limited.given.user(OWNER_EMAIL);
          const ws = await limited.given.workspace(OWNER_EMAIL);
          const key = (await limited.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
          await api(limited.app).get(`/v1/me/overview/${ws}`).set(bearer(key)).expect(200);
          const res = await api(limited.app).get(`/v1/me/overview/${ws}`).set(bearer(key)).expect(429);
          expect(res.body.error.code).to.equal('rate_limited');
        } finally {
          await limited.close();
        }
      });
    });
  });
}
