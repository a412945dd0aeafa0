import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish } from '../../../../application/ports/PlatformPublisher';

/** A segment's media as Facebook fetches it: the library's signed links, never bytes. */
export interface LinkedMedia {
  readonly url: string;
  readonly altText: string | null;
}

export type SegmentMedia =
  | { readonly kind: 'none' }
  | { readonly kind: 'photos'; readonly photos: readonly LinkedMedia[] }
  | { readonly kind: 'video'; readonly video: LinkedMedia }
  | { readonly kind: 'unsupported'; readonly reason: string };

/** Photos, or one video alone (docs/platforms.md); each item's kind is the library's. */
export async function segmentMedia(items: readonly MediaToPublish[], media: MediaAccess): Promise<SegmentMedia> {
  if (items.length === 0) return { kind: 'none' };
  const linked: Array<LinkedMedia & { readonly video: boolean }> = [];
  for (const item of items) {
    const { body, facts } = await media.open(item.id);
    body.destroy();
    linked.push({ url: await media.link(item.id), altText: item.altText, video: facts.kind === 'video' });
  }
  const videos = linked.filter((item) => item.video);
  if (videos.length === 0) return { kind: 'photos', photos: linked };
  if (linked.length === 1) return { kind: 'video', video: linked[0] };
  return { kind: 'unsupported', reason: 'a Facebook post carries photos or one video alone' };
}
