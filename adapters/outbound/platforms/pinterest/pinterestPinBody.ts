import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';

/** What a pin shows its media from: image links Pinterest fetches, or a video it processed. */
export type PinMedia =
  | { readonly kind: 'images'; readonly urls: readonly string[] }
  | { readonly kind: 'video'; readonly mediaId: string; readonly keyFrameSeconds: number };

/** Pinterest's limits on a pin's title and alt text (docs/platforms.md: title 100). */
const TITLE_LIMIT = 100;
const ALT_TEXT_LIMIT = 500;

const clip = (text: string, limit: number): string => [...text].slice(0, limit).join('');

/**
 * A text value of the target's settings other than the descriptor's `boardId`: Pinterest
 * takes a title and a destination link, which the descriptor does not define today; they are
 * sent when the settings carry them.
 */
function settingText(segment: SegmentToPublish, key: 'title' | 'link'): string | null {
  if (segment.settings.platform !== 'PINTEREST') return null;
  const value = (segment.settings.values as Readonly<Record<string, unknown>>)[key];
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

function mediaSource(media: PinMedia): object {
  if (media.kind === 'video') return { source_type: 'video_id', media_id: media.mediaId, cover_image_key_frame_time: media.keyFrameSeconds };
  if (media.urls.length === 1) return { source_type: 'image_url', url: media.urls[0] };
  return { source_type: 'multiple_image_urls', items: media.urls.map((url) => ({ url })) };
}

/** The body of `POST /v5/pins`: the segment's text is the description; one alt text per pin (the first image's). */
export function pinBody(segment: SegmentToPublish, boardId: string, media: PinMedia): object {
  const title = settingText(segment, 'title');
  const link = settingText(segment, 'link');
  const altText = media.kind === 'images' ? (segment.media.find((item) => item.altText)?.altText ?? null) : null;
  return {
    board_id: boardId,
    ...(title ? { title: clip(title, TITLE_LIMIT) } : {}),
    description: segment.text,
    ...(link ? { link } : {}),
    ...(altText ? { alt_text: clip(altText, ALT_TEXT_LIMIT) } : {}),
    media_source: mediaSource(media),
  };
}
