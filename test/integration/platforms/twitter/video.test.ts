import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { parseMultipart, partNamed } from '../../../support/fakes/kit/multipartForm';
import { connectorFor, grantFrom, mediaFrom, segment } from './twitterTestKit';

describe('Twitter connector: a video, uploaded in chunks and resumed while X processes it', () => {
  let fake: TwitterFake;
  let grant: OAuth2Grant;
  let dir: string;
  let file: string;
  const clip = [{ id: 'clip', altText: null, thumbnailTimestamp: null }];

  beforeEach(async () => {
    fake = await TwitterFake.start();
    grant = grantFrom(fake.tokens());
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'twitter-video-'));
    file = path.join(dir, 'clip.mp4');
    await fs.writeFile(file, randomBytes(25_000));
  });
  afterEach(async () => {
    await fake.stop();
    await fs.rm(dir, { recursive: true, force: true });
    fake.expectNoViolations();
  });

  it('INIT, APPEND in order, FINALIZE; pending → processing with a checkpoint; the next call looks once (STATUS) and tweets', async () => {
    const connector = connectorFor(fake, { chunkBytes: 10_000 });
    const first = await connector.publisher.publish(segment({ media: clip }), grant, mediaFrom({ clip: file }), UNNAMED_ACCOUNT);
    if (first.kind !== 'processing') throw new Error(`expected processing, got ${JSON.stringify(first)}`);
    expect(first.afterSeconds).to.equal(7);
    expect(fake.state.tweets).to.have.length(0);

    const [video] = [...fake.state.media.values()];
    expect([video.category, video.mediaType, video.totalBytes]).to.deep.equal(['tweet_video', 'video/mp4', 25_000]);
    expect(video.bytes?.equals(await fs.readFile(file))).to.equal(true);
    const init = fake.received.find((r) => r.path === '/2/media/upload/initialize');
    expect(JSON.parse(init?.body.toString() ?? '{}')).to.deep.equal({ media_type: 'video/mp4', total_bytes: 25_000, media_category: 'tweet_video' });
    const appends = fake.received.filter((r) => r.path === `/2/media/upload/${video.id}/append`);
    const indexes = appends.map((r) => partNamed(parseMultipart(String(r.headers['content-type']), r.body), 'segment_index')?.value.toString());
    expect(indexes).to.deep.equal(['0', '1', '2']);
    expect(fake.requestsTo('POST', `/2/media/upload/${video.id}/finalize`)).to.equal(1);

    const second = await connector.publisher.publish(segment({ media: clip, checkpoint: first.checkpoint }), grant, mediaFrom({}), UNNAMED_ACCOUNT);
    expect(second.kind, JSON.stringify(second)).to.equal('published');
    const status = fake.received.filter((r) => r.method === 'GET' && r.path === '/2/media/upload');
    expect(status.map((r) => [r.query.get('command'), r.query.get('media_id')])).to.deep.equal([['STATUS', video.id]]);
    expect(fake.requestsTo('POST', '/2/media/upload/initialize')).to.equal(1);
    expect(fake.state.tweets[0].body.media).to.deep.equal({ media_ids: [video.id] });
  });

  it('still in progress at the next look: processing again with the same media, nothing uploaded twice', async () => {
    fake.state.processingLooks = 2;
    fake.state.checkAfterSecs = 3;
    const connector = connectorFor(fake);
    const first = await connector.publisher.publish(segment({ media: clip }), grant, mediaFrom({ clip: file }), UNNAMED_ACCOUNT);
    if (first.kind !== 'processing') throw new Error(first.kind);
    const second = await connector.publisher.publish(segment({ media: clip, checkpoint: first.checkpoint }), grant, mediaFrom({}), UNNAMED_ACCOUNT);
    if (second.kind !== 'processing') throw new Error(second.kind);
    expect(second).to.deep.include({ afterSeconds: 3, checkpoint: first.checkpoint });
    const third = await connector.publisher.publish(segment({ media: clip, checkpoint: second.checkpoint }), grant, mediaFrom({}), UNNAMED_ACCOUNT);
    expect(third.kind).to.equal('published');
    expect(fake.requestsTo('POST', '/2/media/upload/initialize')).to.equal(1);
  });

  it('media X no longer knows at the next look (expired): uploaded again from the start', async () => {
    const connector = connectorFor(fake);
    const first = await connector.publisher.publish(segment({ media: clip }), grant, mediaFrom({ clip: file }), UNNAMED_ACCOUNT);
    if (first.kind !== 'processing') throw new Error(first.kind);
    fake.state.media.clear();
    const second = await connector.publisher.publish(segment({ media: clip, checkpoint: first.checkpoint }), grant, mediaFrom({ clip: file }), UNNAMED_ACCOUNT);
    if (second.kind !== 'processing') throw new Error(JSON.stringify(second));
    expect(second.checkpoint).to.not.equal(first.checkpoint);
    expect(fake.requestsTo('POST', '/2/media/upload/initialize')).to.equal(2);
    expect(fake.requestsTo('POST', '/2/tweets')).to.equal(0);
  });

  // X's documentation gives a failed processing_info an `error` with a reason; its description allows none, so the fake gives none.
  it('X failed to process the video: rejected, no tweet', async () => {
    const connector = connectorFor(fake);
    const first = await connector.publisher.publish(segment({ media: clip }), grant, mediaFrom({ clip: file }), UNNAMED_ACCOUNT);
    if (first.kind !== 'processing') throw new Error(first.kind);
    const [video] = [...fake.state.media.values()];
    video.state = 'failed';
    const second = await connector.publisher.publish(segment({ media: clip, checkpoint: first.checkpoint }), grant, mediaFrom({}), UNNAMED_ACCOUNT);
    expect(second).to.deep.equal({ kind: 'rejected', reason: 'X could not process the media: no reason given' });
    expect(fake.requestsTo('POST', '/2/tweets')).to.equal(0);
  });
});
