import { expect } from 'chai';
import { SANDBOX_MARKERS } from '../../../adapters/outbound/publishers/sandbox/sandboxMarkers';
import { type DatabaseKind, DATABASE_KINDS, serverFor } from '../../support/databases';
import { requireServer } from '../../support/services';
import { SandboxApp } from '../sandbox/sandboxApp';
import { type PostView } from '../sandbox/sandboxViews';

/**
 * Failures through the HTTP API, made on purpose by the sandbox's markers and published by
 * the worker loop (docs/product.md, "Post lifecycle"; docs/decisions.md, "The sandbox platform").
 */
for (const kind of DATABASE_KINDS) sandboxFailuresOverHttp(kind);

function sandboxFailuresOverHttp(kind: DatabaseKind): void {
  describe(`sandbox failures through the HTTP API and the worker (${kind})`, function () {
    let s: SandboxApp | undefined;

    before(async function () {
      const server = serverFor(kind);
      if (server !== null) await requireServer(this, server);
    });
    afterEach(async () => {
      await s?.close();
      s = undefined;
    });

    const targetOf = (post: PostView, app: SandboxApp, platform: 'BLUESKY' | 'TWITTER' | 'LINKEDIN') =>
      post.targets.find((t) => t.connectionId === app.connections.get(platform))!;

    it('partially fails a post: a rejected and an unknown target fail with their reasons, the other publishes; a retry calls only the failed one', async () => {
      s = await SandboxApp.start(['BLUESKY', 'TWITTER', 'LINKEDIN'], kind);
      const created = await s.create(['Fine everywhere'], {
        textsOn: { TWITTER: [`Not here ${SANDBOX_MARKERS.reject}`], LINKEDIN: [`Who knows ${SANDBOX_MARKERS.unknown}`] },
      });
      const post = await s.settled(created.id);
      expect(post.status).to.equal('partially_failed');
      expect(targetOf(post, s, 'BLUESKY')).to.deep.include({ status: 'published', error: null, attempts: 1 });
      const rejected = targetOf(post, s, 'TWITTER');
      expect(rejected).to.deep.include({ status: 'failed', platformPostId: null, platformPostUrl: null, postedAt: null, attempts: 1 });
      expect(rejected.error).to.equal('the sandbox rejected this post on purpose: its text contains [sandbox:reject]');
      const unknown = targetOf(post, s, 'LINKEDIN');
      expect(unknown).to.deep.include({ status: 'failed', platformPostId: null, attempts: 1 });
      expect(unknown.error).to.match(/^publish outcome unknown: the sandbox left this post's outcome unknown on purpose/);

      const attempts = await s.attempts(post.id, rejected.id);
      expect(attempts.map((a) => [a.attempt, a.segmentIndex, a.outcome, a.error, a.platformPostId])).to.deep.equal([[1, 0, 'rejected', rejected.error, null]]);
      expect((await s.attempts(post.id, unknown.id)).map((a) => a.outcome)).to.deep.equal(['outcomeUnknown']);
      expect(await s.sandboxPostCount()).to.equal(1);

      expect(await s.retry(post.id, rejected.id)).to.deep.include({ status: 'pending', error: null });
      const again = await s.settled(post.id);
      expect(again.status).to.equal('partially_failed');
      expect(targetOf(again, s, 'TWITTER')).to.deep.include({ status: 'failed', error: rejected.error, attempts: 2 });
      expect(targetOf(again, s, 'LINKEDIN')).to.deep.include({ status: 'failed', attempts: 1 });
      expect((await s.attempts(post.id, rejected.id)).map((a) => [a.attempt, a.outcome])).to.deep.equal([
        [1, 'rejected'],
        [2, 'rejected'],
      ]);
      expect(await s.sandboxPostCount()).to.equal(1);
    });

    it('publishes a retried target: it failed when its attempts ran out, the user retries it, the published ones are not posted again', async () => {
      s = await SandboxApp.start(['BLUESKY', 'TWITTER'], kind, { WORKER_MAX_ATTEMPTS: '1' });
      const created = await s.create(['Out at once'], { textsOn: { TWITTER: [`Busy at first ${SANDBOX_MARKERS.retry}`] } });
      const post = await s.settled(created.id);
      expect(post.status).to.equal('partially_failed');
      const failed = targetOf(post, s, 'TWITTER');
      expect(failed).to.deep.include({ status: 'failed', platformPostUrl: null, attempts: 1 });
      expect(failed.error).to.include('the sandbox asked for a retry on purpose');
      expect(await s.sandboxPostCount()).to.equal(1);

      await s.retry(post.id, failed.id);
      const retried = await s.settled(post.id);
      expect(retried.status, JSON.stringify(retried.targets)).to.equal('published');
      const target = targetOf(retried, s, 'TWITTER');
      expect(target).to.deep.include({ status: 'published', error: null, attempts: 2 });
      expect((await s.page(target.platformPostUrl)).text).to.include('Busy at first');
      expect(targetOf(retried, s, 'BLUESKY')).to.deep.equal(targetOf(post, s, 'BLUESKY'));
      const attempts = await s.attempts(post.id, target.id);
      expect(attempts.map((a) => [a.attempt, a.outcome, a.platformPostId])).to.deep.equal([
        [1, 'retryLater', null],
        [2, 'published', target.platformPostId],
      ]);
      expect(await s.sandboxPostCount()).to.equal(2);
    });

    it('publishes a target after one transient retry: two attempts, retryLater then published', async () => {
      s = await SandboxApp.start(['BLUESKY', 'TWITTER'], kind);
      const created = await s.create([`Try me twice ${SANDBOX_MARKERS.retry}`]);
      const post = await s.settled(created.id);
      expect(post.status, JSON.stringify(post.targets)).to.equal('published');
      for (const target of post.targets) {
        expect(target).to.deep.include({ status: 'published', error: null, attempts: 2 });
        const attempts = await s.attempts(post.id, target.id);
        expect(attempts.map((a) => [a.attempt, a.segmentIndex, a.outcome, a.platformPostId])).to.deep.equal([
          [1, 0, 'retryLater', null],
          [2, 0, 'published', target.platformPostId],
        ]);
        expect(attempts[0]!.error).to.equal('the sandbox asked for a retry on purpose: its text contains [sandbox:retry]');
        expect((await s.page(target.platformPostUrl)).status).to.equal(200);
      }
      expect(await s.sandboxPostCount()).to.equal(2);
    });
  });
}
