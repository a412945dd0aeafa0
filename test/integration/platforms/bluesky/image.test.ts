import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { blueskySegment } from '../../../support/blueskySegments';
import { type ConnectedBluesky, connectedBluesky, readPost } from '../../../support/connectedBluesky';
import { FileMediaAccess } from '../../../support/fileMediaAccess';
import { makePng } from '../../../support/mediaFiles';

describe('Bluesky connector: publishing an image with alt text (reference PDS)', () => {
  let bluesky: ConnectedBluesky;
  let dir: string;
  before(async () => {
    bluesky = await connectedBluesky('imaging');
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-bluesky-image-'));
  });
  after(async () => {
    await bluesky?.pds.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('uploads the blob and embeds it with its alt text and aspect ratio', async () => {
    const file = await makePng(dir, 120, 80);
    const sizeBytes = (await fs.stat(file)).size;
    const media = new FileMediaAccess();
    media.add('media-1', file, {
      kind: 'image',
      mimeType: 'image/png',
      sizeBytes,
      width: 120,
      height: 80,
      durationSeconds: null,
      videoCodec: null,
      audioCodec: null,
    });
    const segment = blueskySegment({ text: 'A blue rectangle', media: [{ id: 'media-1', altText: 'A plain blue rectangle', thumbnailTimestamp: null }] });

    const outcome = await bluesky.connector.publisher.publish(segment, bluesky.grant, media, UNNAMED_ACCOUNT);

    if (outcome.kind !== 'published') expect.fail(`${outcome.kind}: ${outcome.reason}`);
    const post = await readPost(bluesky.pds, outcome.platformPostId);
    const embed = post.value.embed as {
      $type: string;
      images: { alt: string; aspectRatio: unknown; image: { ref: object; mimeType: string; size: number } }[];
    };
    expect(embed.$type).to.equal('app.bsky.embed.images');
    expect(embed.images).to.have.length(1);
    const [image] = embed.images;
    expect(image?.alt).to.equal('A plain blue rectangle');
    expect(image?.aspectRatio).to.deep.equal({ width: 120, height: 80 });
    expect(image?.image).to.include({ mimeType: 'image/png', size: sizeBytes });
    const blob = await bluesky.pds.reader().com.atproto.sync.getBlob({ did: bluesky.account.did, cid: String(image?.image.ref) });
    expect(Buffer.from(blob.data).equals(await fs.readFile(file))).to.equal(true);
  });
});
