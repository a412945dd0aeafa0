import { type Readable } from 'node:stream';
import { type $Typed, type Agent, type AppBskyEmbedImages } from '@atproto/api';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish } from '../../../../application/ports/PlatformPublisher';

/** A segment's media the connector cannot post (videos are not supported yet). */
export class UnsupportedMedia extends Error {}

/**
 * app.bsky.embed.images: each image uploaded with com.atproto.repo.uploadBlob under the type
 * read from its bytes, with its alt text and its aspect ratio. Null for a segment without media.
 */
export async function imagesEmbedFor(agent: Agent, items: readonly MediaToPublish[], media: MediaAccess): Promise<$Typed<AppBskyEmbedImages.Main> | null> {
  if (items.length === 0) return null;
  const images: AppBskyEmbedImages.Image[] = [];
  for (const item of items) {
    const { body, facts } = await media.open(item.id);
    if (facts.kind !== 'image') {
      body.destroy();
      throw new UnsupportedMedia('Bluesky videos are not supported by this connector yet');
    }
    const bytes = await allBytes(body);
    const { data } = await agent.com.atproto.repo.uploadBlob(bytes, { encoding: facts.mimeType });
    images.push({ image: data.blob, alt: item.altText ?? '', aspectRatio: { width: facts.width, height: facts.height } });
  }
  return { $type: 'app.bsky.embed.images', images };
}

async function allBytes(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
