import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish } from '../../../../application/ports/PlatformPublisher';

/** A segment's media as Instagram takes it: a link Instagram fetches itself (docs/platforms.md). */
export interface LinkedMedia {
  readonly kind: 'image' | 'video';
  readonly url: string;
  readonly altText: string | null;
  readonly thumbnailTimestamp: number | null;
}

/** Each item's kind from the library's facts (the bytes are not read) and its signed link. */
export async function linkedMedia(items: readonly MediaToPublish[], media: MediaAccess): Promise<LinkedMedia[]> {
  const linked: LinkedMedia[] = [];
  for (const item of items) {
    const opened = await media.open(item.id);
    opened.body.destroy();
    const kind = opened.facts.kind === 'video' ? 'video' : 'image';
    linked.push({ kind, url: await media.link(item.id), altText: item.altText, thumbnailTimestamp: item.thumbnailTimestamp });
  }
  return linked;
}
