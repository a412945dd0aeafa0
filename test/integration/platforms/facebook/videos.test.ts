import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { connectedGrant, connectorFor, MediaLibrary, mediaItem, NOW, PAGE_ACCOUNT, PAGE_ID, segment } from './facebookTestKit';

describe('Facebook connector: a Page video, processed by Facebook while the engine waits elsewhere', () => {
  let fake: FacebookFake;
  let connector: FacebookConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let library: MediaLibrary;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'facebook-'));
    // Facebook only fetches the video and checks its type here; the bytes need not decode.
    const video = path.join(dir, 'clip.mp4');
    await fs.writeFile(video, Buffer.from('0000001866747970', 'hex'));
    library = await MediaLibrary.start({ video });
  });
  after(async () => {
    await library.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    fake = await FacebookFake.start();
    connector = connectorFor(fake);
    grant = connectedGrant(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('publishes a video: processing with the video as checkpoint (no waiting), then published on the next call', async () => {
    const first = await connector.publisher.publish(segment({ text: 'Clip', media: [mediaItem('video')] }), grant, library.access, PAGE_ACCOUNT);
    const [video] = [...fake.state.videos.values()];
    expect(video).to.deep.include({ pageId: PAGE_ID, fileUrl: library.linkOf('video'), description: 'Clip' });
    expect(first).to.deep.equal({
      kind: 'processing',
      afterSeconds: 30,
      checkpoint: video.id,
      reason: 'Facebook is processing the video (processing)',
      statusCode: 200,
    });
    const second = await connector.publisher.publish(segment({ media: [mediaItem('video')], checkpoint: video.id }), grant, library.access, PAGE_ACCOUNT);
    expect(second).to.deep.equal({
      kind: 'published',
      platformPostId: video.id,
      platformPostUrl: `https://www.facebook.com/${video.id}`,
      postedAt: NOW,
      statusCode: 200,
    });
    expect(fake.graphRequests('POST', `/${PAGE_ID}/videos`)).to.equal(1);
  });

  it('a video Facebook could not process: rejected with its reason', async () => {
    const first = await connector.publisher.publish(segment({ media: [mediaItem('video')] }), grant, library.access, PAGE_ACCOUNT);
    if (first.kind !== 'processing') throw new Error(`expected processing, got ${first.kind}`);
    const video = fake.state.videos.get(first.checkpoint);
    if (video) video.outcome = 'error';
    const second = await connector.publisher.publish(
      segment({ media: [mediaItem('video')], checkpoint: first.checkpoint }),
      grant,
      library.access,
      PAGE_ACCOUNT,
    );
    expect(second).to.deep.equal({
      kind: 'rejected',
      reason: 'Facebook could not process the video (error): The video file could not be decoded',
      statusCode: 200,
    });
  });
  it('a failed status check: retry later (the engine keeps the checkpoint), and the video is never sent twice', async () => {
    const media = [mediaItem('video')];
    const first = await connector.publisher.publish(segment({ media }), grant, library.access, PAGE_ACCOUNT);
    if (first.kind !== 'processing') throw new Error(`expected processing, got ${first.kind}`);
    fake.answerNext(`GET /v25.0/${first.checkpoint}`, { kind: 'error', error: UNEXPECTED });
    const second = await connector.publisher.publish(segment({ media, checkpoint: first.checkpoint }), grant, library.access, PAGE_ACCOUNT);
    expect(second).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    const third = await connector.publisher.publish(segment({ media, checkpoint: first.checkpoint }), grant, library.access, PAGE_ACCOUNT);
    expect(third).to.deep.include({ kind: 'published', platformPostId: first.checkpoint });
    expect(fake.graphRequests('POST', `/${PAGE_ID}/videos`)).to.equal(1);
  });

  it('processed but not yet published (publishing_phase in progress): asked again later, not published yet (review 6)', async () => {
    const media = [mediaItem('video')];
    const first = await connector.publisher.publish(segment({ media }), grant, library.access, PAGE_ACCOUNT);
    if (first.kind !== 'processing') throw new Error(`expected processing, got ${first.kind}`);
    const body = {
      status: { video_status: 'ready', processing_phase: { status: 'complete' }, publishing_phase: { status: 'in_progress' } },
      id: first.checkpoint,
    };
    fake.answerNext(`GET /v25.0/${first.checkpoint}`, { kind: 'answer', answer: { status: 200, body } });
    const second = await connector.publisher.publish(segment({ media, checkpoint: first.checkpoint }), grant, library.access, PAGE_ACCOUNT);
    expect(second).to.deep.include({ kind: 'processing', checkpoint: first.checkpoint, reason: 'Facebook is processing the video (publishing)' });
  });
});
