import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type LinkedInConnector } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { LinkedInFake } from '../../../support/fakes/linkedinFake';
import { makeVideo } from '../../../support/mediaFiles';
import { connectorFor, grantFrom, mediaFrom, segment } from './linkedinTestKit';

/**
 * A video LinkedIn is still processing after its upload: each call looks once at the video's
 * status and answers `processing` with a checkpoint, and the call that finds it AVAILABLE
 * posts it. Never a second upload, never a sleep in the call (docs/decisions.md, "The
 * publishing engine").
 */
describe('LinkedIn connector: a video LinkedIn is still processing', () => {
  let fake: LinkedInFake;
  let connector: LinkedInConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let media: MediaAccess;
  const first = segment({ text: 'A short film', media: [{ id: 'clip', altText: null, thumbnailTimestamp: null }] });

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkedin-video-'));
    media = mediaFrom({ clip: await makeVideo(dir, { seconds: 3, width: 64, height: 48, audio: false }) });
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    fake = await LinkedInFake.start();
    connector = connectorFor(fake, { videoCheckSeconds: 45 });
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const initializeCalls = () =>
    fake.received.filter((r) => r.method === 'POST' && r.path === '/rest/videos' && r.body.toString().includes('initializeUploadRequest')).length;
  const finalizeCalls = () =>
    fake.received.filter((r) => r.method === 'POST' && r.path === '/rest/videos' && r.body.toString().includes('finalizeUploadRequest')).length;
  const statusLooks = (urn: string) => fake.requestsTo('GET', `/rest/videos/${encodeURIComponent(urn)}`);
  const checkpointOf = (outcome: PublishOutcome): string => {
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('processing');
    return (outcome as Extract<PublishOutcome, { kind: 'processing' }>).checkpoint;
  };
  /** One call as the engine makes it: the segment with the checkpoint the last call left. */
  const call = (checkpoint: string | null): Promise<PublishOutcome> =>
    connector.publisher.publish({ ...first, checkpoint } as SegmentToPublish, grant, media, UNNAMED_ACCOUNT);

  it('processing for two looks: processing, processing, published; uploaded once, posted once', async () => {
    fake.state.videoProcessingLooks = 2;

    const firstCall = await call(null);
    expect(firstCall).to.deep.include({ kind: 'processing', afterSeconds: 45, reason: 'LinkedIn is still processing the video' });
    const [video] = [...fake.state.videos.values()];
    const checkpoint1 = checkpointOf(firstCall);
    expect(checkpoint1, 'the checkpoint names the video').to.include(video!.urn);
    expect(statusLooks(video!.urn), 'one look after finalizing').to.equal(1);
    expect(fake.state.posts).to.have.length(0);

    const secondCall = await call(checkpoint1);
    expect(secondCall).to.deep.include({ kind: 'processing', afterSeconds: 45 });
    expect(statusLooks(video!.urn), 'one look per call').to.equal(2);
    expect(fake.state.posts).to.have.length(0);

    const thirdCall = await call(checkpointOf(secondCall));
    expect(thirdCall, JSON.stringify(thirdCall)).to.deep.include({ kind: 'published', statusCode: 201 });
    expect(statusLooks(video!.urn)).to.equal(3);

    expect(fake.state.videos.size, 'one video at LinkedIn').to.equal(1);
    expect(initializeCalls(), 'initializeUpload once').to.equal(1);
    expect(finalizeCalls(), 'finalizeUpload once').to.equal(1);
    expect(fake.received.filter((r) => r.method === 'PUT').length, 'each part PUT once').to.equal(video!.parts.length);
    expect(fake.requestsTo('POST', '/rest/posts'), 'the post created once').to.equal(1);
    expect(fake.state.posts[0]!.body).to.deep.include({ author: `urn:li:person:${fake.state.member.sub}`, content: { media: { id: video!.urn } } });
    expect(thirdCall.kind === 'published' && thirdCall.platformPostId).to.equal(fake.state.posts[0]!.urn);
  });

  it('a video AVAILABLE at the first look is posted in the same call', async () => {
    fake.state.videoProcessingLooks = 0;
    const outcome = await call(null);
    expect(outcome, JSON.stringify(outcome)).to.deep.include({ kind: 'published' });
    expect(fake.requestsTo('POST', '/rest/posts')).to.equal(1);
  });

  it('PROCESSING_FAILED: rejected with LinkedIn’s reason, nothing posted, nothing uploaded again', async () => {
    fake.state.videoFailureReason = 'Video codec is not supported';
    const waiting = await call(null);
    const outcome = await call(checkpointOf(waiting));
    expect(outcome).to.deep.include({ kind: 'rejected', reason: 'LinkedIn could not process the video: Video codec is not supported' });
    expect(fake.state.posts).to.have.length(0);
    expect(initializeCalls()).to.equal(1);
  });

  it('a status look LinkedIn refuses for a while (429): the video is kept as the checkpoint, never uploaded again', async () => {
    fake.state.videoProcessingLooks = 0;
    fake.answerNext('GET /rest/videos/', { kind: 'rateLimited', retryAfterSeconds: 120 });
    const waiting = await call(null);
    expect(waiting).to.deep.include({ kind: 'processing', afterSeconds: 120, statusCode: 429 });
    const outcome = await call(checkpointOf(waiting));
    expect(outcome, JSON.stringify(outcome)).to.deep.include({ kind: 'published' });
    expect(initializeCalls(), 'uploaded once').to.equal(1);
    expect(fake.requestsTo('POST', '/rest/posts')).to.equal(1);
  });

  it('a 429 on the post after the video was processed: retry later from the checkpoint, which posts without uploading again', async () => {
    const waiting = await call(null);
    fake.answerNext('POST /rest/posts', { kind: 'rateLimited', retryAfterSeconds: 300 });
    const checkpoint = checkpointOf(waiting);
    const refused = await call(checkpoint);
    expect(refused).to.deep.include({ kind: 'retryLater', afterSeconds: 300, statusCode: 429 });
    // The engine keeps the target's checkpoint across a retry.
    const outcome = await call(checkpoint);
    expect(outcome, JSON.stringify(outcome)).to.deep.include({ kind: 'published' });
    expect(initializeCalls()).to.equal(1);
    expect(fake.state.posts).to.have.length(1);
  });

  it('a checkpoint it did not write: the video is uploaded afresh', async () => {
    fake.state.videoProcessingLooks = 0;
    const outcome = await call('some-other-connector:123');
    expect(outcome, JSON.stringify(outcome)).to.deep.include({ kind: 'published' });
    expect(initializeCalls()).to.equal(1);
  });
});
