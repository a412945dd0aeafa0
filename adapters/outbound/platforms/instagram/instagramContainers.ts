import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { okJson, type PlatformAnswer } from '../kit/http';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { INSTAGRAM_ERRORS, type InstagramGraph } from './instagramApi';

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

/**
 * The settings a container carries. `shareToStory` is not acted on here: a story is a second
 * publication of its own (`media_type=STORIES`, its own container and media_publish), which
 * this connector does not make yet.
 */
interface ReelSettings {
  readonly shareToFeed: boolean;
  readonly trialReels: boolean;
  readonly graduationStrategy: 'MANUAL' | 'SS_PERFORMANCE';
}

/** Instagram's own defaults when the settings are not Instagram's (docs/decisions.md, "Platforms"). */
function reelSettingsOf(segment: SegmentToPublish): ReelSettings {
  if (segment.settings.platform !== 'INSTAGRAM') return { shareToFeed: true, trialReels: false, graduationStrategy: 'MANUAL' };
  return segment.settings.values;
}

const withAltText = (item: LinkedMedia, params: Record<string, string>) => (item.altText ? { ...params, alt_text: item.altText } : params);

/** `POST /{ig-user-id}/media` for a post of one item: an image, or a video as a reel. */
export function singleContainerParams(segment: SegmentToPublish, item: LinkedMedia): Record<string, string> {
  if (item.kind === 'image') return withAltText(item, { image_url: item.url, caption: segment.text });
  const reel = reelSettingsOf(segment);
  return {
    media_type: 'REELS',
    video_url: item.url,
    caption: segment.text,
    share_to_feed: String(reel.shareToFeed),
    ...(reel.trialReels ? { trial_params: JSON.stringify({ graduation_strategy: reel.graduationStrategy }) } : {}),
    ...(item.thumbnailTimestamp !== null ? { thumb_offset: String(Math.round(item.thumbnailTimestamp * 1000)) } : {}),
  };
}

/** One item of a carousel (no caption: the carousel has it). */
export function carouselItemParams(item: LinkedMedia): Record<string, string> {
  if (item.kind === 'image') return withAltText(item, { image_url: item.url, is_carousel_item: 'true' });
  return { media_type: 'VIDEO', video_url: item.url, is_carousel_item: 'true' };
}

export const carouselParams = (segment: SegmentToPublish, itemIds: readonly string[]): Record<string, string> => ({
  media_type: 'CAROUSEL',
  children: itemIds.join(','),
  caption: segment.text,
});

/**
 * Where a post stands while Instagram processes its media, kept as the segment's checkpoint:
 * one container to check and publish, or a carousel's item containers to check before the
 * carousel container itself is made.
 */
export type PostCheckpoint = { readonly kind: 'container'; readonly id: string } | { readonly kind: 'carouselItems'; readonly ids: readonly string[] };

const CONTAINER = 'container:';
const CAROUSEL_ITEMS = 'carousel-items:';

export function encodeCheckpoint(checkpoint: PostCheckpoint): string {
  return checkpoint.kind === 'container' ? `${CONTAINER}${checkpoint.id}` : `${CAROUSEL_ITEMS}${checkpoint.ids.join(',')}`;
}

/** Null for no checkpoint, or one this connector did not write. */
export function decodeCheckpoint(text: string | null): PostCheckpoint | null {
  if (text?.startsWith(CONTAINER)) return { kind: 'container', id: text.slice(CONTAINER.length) };
  if (!text?.startsWith(CAROUSEL_ITEMS)) return null;
  const ids = text
    .slice(CAROUSEL_ITEMS.length)
    .split(',')
    .filter((id) => id.length > 0);
  return ids.length > 0 ? { kind: 'carouselItems', ids } : null;
}

export type Step<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly outcome: PublishOutcome };

export type ContainerStatus = 'EXPIRED' | 'ERROR' | 'FINISHED' | 'IN_PROGRESS' | 'PUBLISHED';

const STATUSES: readonly string[] = ['EXPIRED', 'ERROR', 'FINISHED', 'IN_PROGRESS', 'PUBLISHED'];

/** A call before anything is public that failed, or answered without what was asked: tried again later. */
function notReady(answer: PlatformAnswer, graph: InstagramGraph): { ok: false; outcome: PublishOutcome } {
  if (okJson(answer) === null) return { ok: false, outcome: failedCall(answer, 'preparing', INSTAGRAM_ERRORS, graph.settings.now()) };
  return { ok: false, outcome: { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: 'Instagram answered without what was asked for', statusCode: 200 } };
}

/** `POST /{ig-user-id}/media`: a container, not yet public, so any failure can be tried again. */
export async function createContainer(graph: InstagramGraph, userId: string, params: Record<string, string>): Promise<Step<string>> {
  const answer = await graph.post(`${userId}/media`, params);
  const id = okJson(answer)?.id;
  return typeof id === 'string' ? { ok: true, value: id } : notReady(answer, graph);
}

/** `GET /{container-id}?fields=status_code,status`: `status` says why when the code is ERROR. */
export async function containerStatus(graph: InstagramGraph, id: string): Promise<Step<{ code: ContainerStatus; detail: string | null }>> {
  const answer = await graph.get(id, { fields: 'status_code,status' });
  const body = okJson(answer);
  if (typeof body?.status_code !== 'string' || !STATUSES.includes(body.status_code)) return notReady(answer, graph);
  const detail = typeof body.status === 'string' ? body.status : null;
  return { ok: true, value: { code: body.status_code as ContainerStatus, detail } };
}
