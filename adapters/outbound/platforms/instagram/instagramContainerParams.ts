import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type LinkedMedia } from './instagramMediaItems';

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

export function carouselParams(segment: SegmentToPublish, itemIds: readonly string[]): Record<string, string> {
  return { media_type: 'CAROUSEL', children: itemIds.join(','), caption: segment.text };
}
