import { type InstagramCall, segmentsOf, tokenOf } from './instagramFakeGraph';
import { invalidParameter, metaError, unsupportedRequest } from './kit/metaGraphAnswers';

/**
 * The media metrics by product type, as Meta's insights page lists them
 * (https://developers.facebook.com/documentation/instagram-platform/reference/instagram-media/insights);
 * a metric another type has but this one lacks fails the whole call.
 */
const METRICS: Readonly<Record<'FEED' | 'REELS', readonly string[]>> = {
  FEED: ['comments', 'follows', 'likes', 'profile_activity', 'profile_visits', 'reach', 'saved', 'shares', 'total_interactions', 'views'],
  REELS: ['comments', 'ig_reels_avg_watch_time', 'ig_reels_video_view_total_time', 'likes', 'reach', 'saved', 'shares', 'total_interactions', 'views'],
};

/**
 * `GET /{ig-media-id}/insights?metric=…` (media.insights): each metric asked for as
 * `{name, period: 'lifetime', values: [{value}], title, description, id}`; a post too little
 * seen is Meta's `(#10) Not enough viewers`, a post it does not have (deleted) its 100/33.
 */
export function mediaInsights(call: InstagramCall) {
  const token = tokenOf(call);
  if (!token) return;
  const { state } = call;
  const [id = ''] = segmentsOf(call);
  const media = state.media.find((m) => m.id === id);
  if (media === undefined || state.deleted.has(id)) return call.send(metaError(unsupportedRequest('get', id)));
  if (state.tooFewViewers.has(id)) return call.send(metaError({ status: 400, code: 10, message: '(#10) Not enough viewers for the media to show insights' }));
  const type = state.containers.get(media.containerId)?.params.media_type === 'REELS' ? 'REELS' : 'FEED';
  const asked = (call.url.searchParams.get('metric') ?? '').split(',');
  const unsupported = asked.find((name) => !METRICS[type].includes(name));
  if (unsupported !== undefined) {
    return call.send(metaError(invalidParameter(`(#100) The Media Insights API does not support the ${unsupported} metric for this media product type.`)));
  }
  const values = state.insights.get(id) ?? {};
  const data = asked.map((name) => ({
    name,
    period: 'lifetime',
    values: [{ value: values[name] ?? 0 }],
    title: name,
    description: `The ${name} of the media.`,
    id: `${id}/insights/${name}/lifetime`,
  }));
  call.answer(200, { data });
}
