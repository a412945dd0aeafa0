import { expect } from 'chai';
import { retryDelayMs } from '../../../application/publishing/retryDelay';
import { ENGINE_SETTINGS, type EngineHarness } from '../../support/publishingEngine';
import { needsReconnect, outcomeUnknown, rejected, retryLater } from '../../support/scriptedPublisher';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** What each kind of outcome does to a target and its job, and when a retry comes. */
export function outcomeScenarios(harness: () => EngineHarness): void {
  it('publishes a due target once: its outcome on the target, the post published, the job gone', async () => {
    const h = harness();
    const post = await h.post(['Hello world']);
    const round = await h.publishDue();
    expect(round.results).to.deep.equal([{ targetId: post.targets[0]!.id, result: 'published' }]);
    const target = await h.target(post.id);
    expect(target.status).to.equal('published');
    expect([target.platformPostId, target.platformPostUrl, target.attempts, target.error]).to.deep.equal(['pp_1', 'https://platform.test/p/pp_1', 1, null]);
    expect(target.postedAt?.toISOString()).to.equal(h.clock.now().toISOString());
    expect((await h.read(post.id)).status).to.equal('published');
    expect(await h.queue.listForPost(h.workspaceId, post.id)).to.deep.equal([]);
    expect(h.publisher.calls).to.have.length(1);
    expect(h.publisher.calls[0]).to.deep.include({ text: 'Hello world', segmentIndex: 0, segmentCount: 1, replyToPlatformPostId: null });
    expect(h.publisher.calls[0]).to.deep.include({ connectionId: target.connectionId, idempotencyKey: `${target.id}:0:1` });
    expect((await h.publishDue()).claimed).to.equal(0);
    expect(h.publisher.calls).to.have.length(1);
  });

  it('publishes a scheduled target no earlier than its time', async () => {
    const h = harness();
    const at = new Date(h.clock.now().getTime() + 60 * MINUTE);
    const post = await h.post(['Later'], { intent: 'schedule', scheduledAt: at });
    h.clock.set(new Date(at.getTime() - 1));
    expect((await h.publishDue()).claimed).to.equal(0);
    h.clock.set(at);
    await h.publishDue();
    expect((await h.target(post.id)).status).to.equal('published');
    expect(h.publisher.calls).to.have.length(1);
  });

  it('retries a transient failure after its Retry-After (a floor over the backoff), then publishes', async () => {
    const h = harness();
    h.publisher.will(retryLater(120));
    const post = await h.post(['Busy platform']);
    const targetId = post.targets[0]!.id;
    expect((await h.publishDue()).results[0]?.result).to.equal('retry_scheduled');
    const waiting = await h.target(post.id);
    expect([waiting.status, waiting.attempts, waiting.error]).to.deep.equal(['pending', 1, null]);
    expect((await h.read(post.id)).status).to.equal('publishing');
    expect(retryDelayMs(ENGINE_SETTINGS, targetId, 1, 0)).to.be.below(120 * SECOND);
    h.clock.advance(120 * SECOND - 1);
    expect((await h.publishDue()).claimed).to.equal(0);
    h.clock.advance(1);
    await h.publishDue();
    const done = await h.target(post.id);
    expect([done.status, done.attempts]).to.deep.equal(['published', 2]);
    expect(h.publisher.calls.map((c) => c.idempotencyKey)).to.deep.equal([`${targetId}:0:1`, `${targetId}:0:2`]);
  });

  it('backs off exponentially, with jitter, when the platform names no time', async () => {
    const h = harness();
    h.publisher.will(retryLater(0), retryLater(0));
    const post = await h.post(['Flaky']);
    const targetId = post.targets[0]!.id;
    const first = retryDelayMs(ENGINE_SETTINGS, targetId, 1, 0);
    const second = retryDelayMs(ENGINE_SETTINGS, targetId, 2, 0);
    expect(first).to.be.within(5 * SECOND, 10 * SECOND);
    expect(second).to.be.within(10 * SECOND, 20 * SECOND);
    await h.publishDue();
    h.clock.advance(first - 1);
    expect((await h.publishDue()).claimed).to.equal(0);
    h.clock.advance(1);
    await h.publishDue();
    h.clock.advance(second - 1);
    expect((await h.publishDue()).claimed).to.equal(0);
    h.clock.advance(1);
    await h.publishDue();
    expect((await h.target(post.id)).status).to.equal('published');
    expect(h.publisher.calls).to.have.length(3);
  });

  it('fails with the last reason once the bound of attempts is reached', async () => {
    const h = harness();
    h.publisher.will(retryLater(1), retryLater(1), retryLater(1, 'HTTP 429: slow down'));
    const post = await h.post(['Never gets through']);
    for (let i = 0; i < 5; i++) {
      await h.publishDue();
      h.clock.advance(10 * MINUTE);
    }
    const target = await h.target(post.id);
    expect([target.status, target.error, target.attempts]).to.deep.equal(['failed', 'gave up after 3 attempts: HTTP 429: slow down', 3]);
    expect((await h.read(post.id)).status).to.equal('failed');
    expect(h.publisher.calls).to.have.length(ENGINE_SETTINGS.maxAttempts);
  });

  const permanent = [
    { outcome: rejected('the text is longer than 280 characters'), error: 'the text is longer than 280 characters' },
    { outcome: needsReconnect('HTTP 401: token revoked'), error: 'the account needs to be reconnected: HTTP 401: token revoked' },
    { outcome: outcomeUnknown('the connection dropped after sending'), error: 'publish outcome unknown: the connection dropped after sending' },
    { outcome: new Error('socket hang up'), error: 'publish outcome unknown: the publisher failed unexpectedly (socket hang up)' },
  ];
  for (const { outcome, error } of permanent) {
    it(`fails at once, never calling again: ${error}`, async () => {
      const h = harness();
      h.publisher.will(outcome);
      const post = await h.post(['Doomed']);
      await h.publishDue();
      h.clock.advance(24 * 60 * MINUTE);
      await h.publishDue();
      const target = await h.target(post.id);
      expect([target.status, target.error, target.attempts, target.platformPostId]).to.deep.equal(['failed', error, 1, null]);
      expect((await h.read(post.id)).status).to.equal('failed');
      expect(h.publisher.calls).to.have.length(1);
    });
  }
}
