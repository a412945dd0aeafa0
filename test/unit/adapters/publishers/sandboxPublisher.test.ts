import { expect } from 'chai';
import { renderSandboxThread } from '../../../../adapters/inbound/http/pages/sandbox/renderSandboxThread';
import { MemoryAttemptLog } from '../../../../adapters/outbound/persistence/memory/MemoryAttemptLog';
import { MemorySandboxPosts } from '../../../../adapters/outbound/persistence/memory/MemorySandboxPosts';
import { SandboxPublisher } from '../../../../adapters/outbound/publishers/sandbox/SandboxPublisher';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { FixedClock } from '../../../support/fixedClock';
import { SequentialIds } from '../../../support/sequentialIds';

const segment = (text: string, extra: Partial<SegmentToPublish> = {}): SegmentToPublish => ({
  connectionId: 'conn_1',
  settings: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } } as SegmentToPublish['settings'],
  text,
  media: [{ id: 'media_<1>', altText: null, thumbnailTimestamp: null }],
  segmentIndex: 0,
  segmentCount: 1,
  replyToPlatformPostId: null,
  checkpoint: null,
  idempotencyKey: 'target_1:0:1',
  ...extra,
});

/** The sandbox publisher's outcomes and records (docs/decisions.md, "The sandbox platform"). */
describe('SandboxPublisher', () => {
  let posts: MemorySandboxPosts;
  let log: MemoryAttemptLog;
  let publisher: SandboxPublisher;
  const clock = new FixedClock();

  beforeEach(() => {
    posts = new MemorySandboxPosts();
    log = new MemoryAttemptLog();
    publisher = new SandboxPublisher(posts, log, new SequentialIds(), clock, 'https://dispatch.example/');
  });

  /** The engine's record of a call (the attempt log), as RecordOutcome writes it before the job is released. */
  const logged = (targetId: string, segmentIndex: number) =>
    log.record({
      id: `att_${targetId}_${segmentIndex}`,
      workspaceId: 'ws_1',
      postId: 'post_1',
      targetId,
      connectionId: 'conn_1',
      attempt: 1,
      segmentIndex,
      startedAt: clock.now(),
      finishedAt: clock.now(),
      outcome: 'retryLater',
      error: 'the sandbox asked for a retry on purpose',
      statusCode: null,
      readBack: false,
      platformPostId: null,
    });

  it('records the segment and answers published with its page under BASE_URL', async () => {
    const outcome = await publisher.publish(segment('hello'));
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${outcome.kind}`);
    expect(outcome.platformPostUrl).to.equal(`https://dispatch.example/sandbox/posts/${outcome.platformPostId}`);
    expect(outcome.postedAt).to.deep.equal(clock.now());
    expect(await posts.findById(outcome.platformPostId)).to.deep.include({
      text: 'hello',
      platform: 'TWITTER',
      media: [{ id: 'media_<1>', altText: null, thumbnailTimestamp: null }],
      replyToId: null,
    });
  });

  it('[sandbox:retry]: retryLater after 1 s while the log has no call for the segment, published once it has one', async () => {
    expect(await publisher.publish(segment('[sandbox:retry]'))).to.deep.include({ kind: 'retryLater', afterSeconds: 1 });
    expect(await publisher.publish(segment('[sandbox:retry]', { idempotencyKey: 'target_1:0:2' })), 'nothing logged yet').to.include({ kind: 'retryLater' });
    await logged('target_1', 0);
    expect(await publisher.publish(segment('[sandbox:retry]', { idempotencyKey: 'target_1:0:2' }))).to.include({ kind: 'published' });
    expect(await publisher.publish(segment('[sandbox:retry]', { idempotencyKey: 'target_2:0:1' })), 'another target').to.include({ kind: 'retryLater' });
    const nextSegment = { idempotencyKey: 'target_1:1:1', segmentIndex: 1, segmentCount: 2 };
    expect(await publisher.publish(segment('[sandbox:retry]', nextSegment)), 'another segment').to.include({ kind: 'retryLater' });
  });

  it('[sandbox:reject] and [sandbox:unknown] (any case) record nothing', async () => {
    expect(await publisher.publish(segment('x [SANDBOX:REJECT]'))).to.include({ kind: 'rejected' });
    expect(await publisher.publish(segment('x [sandbox:unknown]'))).to.include({ kind: 'outcomeUnknown' });
    expect(await posts.repliesTo('none')).to.deep.equal([]);
  });

  it("renders the page with the platform's name, the text and a gone media item's id escaped", async () => {
    const outcome = await publisher.publish(segment('<script>alert(1)</script>'));
    if (outcome.kind !== 'published') throw new Error('expected published');
    const post = (await posts.findById(outcome.platformPostId))!;
    const gone = { id: 'media_<1>', kind: null, url: null, posterUrl: null, altText: null };
    const { title, body } = renderSandboxThread({ post, replies: [], media: new Map([[post.id, [gone]]]), account: null });
    expect(title).to.equal('Twitter sandbox post');
    expect(body.text).to.include('&lt;script&gt;alert(1)&lt;/script&gt;').and.include('media_&lt;1&gt;').and.include('#1d9bf0');
    expect(body.text).not.to.include('<script>');
  });
});
