import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type PinterestConnector } from '../../../../adapters/outbound/platforms/pinterest/PinterestConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { parseMultipart } from '../../../support/fakes/kit/multipartForm';
import { makeVideo } from '../../../support/mediaFiles';
import { BOARD_ACCOUNT, MediaLibrary, connectorFor, grantFrom, segment } from './pinterestTestKit';

const clip = [{ id: 'clip', altText: 'not for videos', thumbnailTimestamp: 2.6 }];

function checkpointOf(outcome: PublishOutcome): string {
  if (outcome.kind !== 'processing') throw new Error(`expected processing, got ${JSON.stringify(outcome)}`);
  return outcome.checkpoint;
}

describe('Pinterest connector: video pins against a local Pinterest', () => {
  let fake: PinterestFake;
  let connector: PinterestConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let video: string;
  let library: MediaLibrary;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pinterest-video-'));
    video = await makeVideo(dir, { seconds: 5, width: 64, height: 48, audio: false });
    library = await MediaLibrary.serve({ clip: video });
  });
  after(async () => {
    await library.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    fake = await PinterestFake.start();
    connector = connectorFor(fake, { videoCheckSeconds: 20 });
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('registers the video, uploads it through the form Pinterest gave, and answers processing with the media id', async () => {
    const outcome = await connector.publisher.publish(segment({ media: clip }), grant, library, BOARD_ACCOUNT);
    const [media] = [...fake.state.media.values()];
    expect(outcome).to.deep.equal({ kind: 'processing', afterSeconds: 20, checkpoint: media.mediaId, reason: 'Pinterest is processing the video' });
    expect(media.bytes?.equals(await fs.readFile(video))).to.equal(true);
    const registered = fake.received.find((r) => r.path === '/v5/media');
    expect(JSON.parse(registered?.body.toString() ?? '{}')).to.deep.equal({ media_type: 'video' });
    const upload = fake.received.find((r) => r.path === '/pinterest-media-upload');
    expect(upload?.headers.authorization).to.equal(undefined);
    const parts = parseMultipart(String(upload?.headers['content-type']), upload?.body ?? Buffer.alloc(0)) ?? [];
    expect(parts.map((p) => p.name)).to.deep.equal([...Object.keys(media.fields), 'file']);
    expect(parts[parts.length - 1].contentType).to.equal('video/mp4');
    expect(fake.state.pins).to.have.length(0);
  });

  it('resumes from the checkpoint: still processing, then succeeded, then the pin names the video (never a second upload)', async () => {
    fake.state.videoChecksUntilDone = 1;
    const mediaId = checkpointOf(await connector.publisher.publish(segment({ media: clip }), grant, library, BOARD_ACCOUNT));
    const again = await connector.publisher.publish(segment({ media: clip, checkpoint: mediaId }), grant, library, BOARD_ACCOUNT);
    expect(checkpointOf(again)).to.equal(mediaId);
    const outcome = await connector.publisher.publish(segment({ media: clip, checkpoint: mediaId }), grant, library, BOARD_ACCOUNT);
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('published');
    expect(fake.state.pins[0].body).to.deep.equal({
      board_id: fake.state.boards[0].id,
      description: 'Notes on the Analytical Engine',
      media_source: { source_type: 'video_id', media_id: mediaId, cover_image_key_frame_time: 2 },
    });
    expect(fake.requestsTo('POST', '/v5/media')).to.equal(1);
    expect(fake.requestsTo('POST', '/pinterest-media-upload')).to.equal(1);
    expect(fake.requestsTo('GET', `/v5/media/${mediaId}`)).to.equal(2);
  });

  it('a video Pinterest could not process: rejected, no pin', async () => {
    fake.state.videoChecksUntilDone = 0;
    fake.state.videoFinishesAs = 'failed';
    const mediaId = checkpointOf(await connector.publisher.publish(segment({ media: clip }), grant, library, BOARD_ACCOUNT));
    const outcome = await connector.publisher.publish(segment({ media: clip, checkpoint: mediaId }), grant, library, BOARD_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'rejected', reason: 'Pinterest could not process the video' });
    expect(fake.requestsTo('POST', '/v5/pins')).to.equal(0);
  });

  it('a failed registration or upload is tried again later (nothing is visible yet)', async () => {
    fake.answerNext('POST /v5/media', { kind: 'serverError' });
    expect(await connector.publisher.publish(segment({ media: clip }), grant, library, BOARD_ACCOUNT)).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    fake.answerNext('POST /pinterest-media-upload', { kind: 'serverError' });
    expect(await connector.publisher.publish(segment({ media: clip }), grant, library, BOARD_ACCOUNT)).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect(fake.state.pins).to.have.length(0);
  });

  it('a refused upload form is the storage’s refusal, not the grant’s: tried again later, never a reconnect', async () => {
    fake.answerNext('POST /pinterest-media-upload', { kind: 'unauthorized' });
    const outcome = await connector.publisher.publish(segment({ media: clip }), grant, library, BOARD_ACCOUNT);
    expect(outcome.kind).to.equal('retryLater');
    expect(outcome.kind === 'retryLater' && outcome.reason).to.match(/^the video upload was refused/);
  });
});
