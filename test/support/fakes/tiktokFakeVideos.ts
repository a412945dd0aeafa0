import { data, invalidParams } from './tiktokFakeAnswers';
import { creatorOf, type TikTokCall } from './tiktokFakeApi';

/** The Video Object's fields `fields` may name (https://developers.tiktok.com/doc/tiktok-api-v2-video-query). */
const VIDEO_FIELDS = new Set([
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_html',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
]);

/**
 * `POST /v2/video/query/?fields=…` with `{filters: {video_ids}}` (at most 20): of the videos asked
 * for, the creator's public ones, each with the fields asked for; the others are left out, as
 * TikTok's page has it ("verifies that the videos belong to the user").
 */
export function videoQuery(call: TikTokCall) {
  if (!creatorOf(call)) return;
  const fields = (call.url.searchParams.get('fields') ?? '').split(',');
  const unknown = fields.filter((field) => !VIDEO_FIELDS.has(field));
  if (unknown.length > 0) return call.send(invalidParams(`fields: ${unknown.join(', ')} is not a field of the video object`));
  const ids = (call.json()?.filters as { video_ids?: unknown } | undefined)?.video_ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20 || ids.some((id) => typeof id !== 'string')) {
    return call.send(invalidParams('filters.video_ids: 1 to 20 video ids, as strings'));
  }
  const videos = (ids as string[]).flatMap((id) => {
    const counts = call.state.publicVideos.get(id);
    if (counts === undefined) return [];
    const all: Record<string, unknown> = { id, like_count: 0, comment_count: 0, share_count: 0, view_count: 0, ...counts };
    return [Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]]))];
  });
  call.send(data({ videos, cursor: 0, has_more: false }));
}
