import { type FacebookCall, fieldsOf, nodeIdOf, pageAccess } from './facebookFakeAccess';
import { type PostEngagement } from './facebookFakeState';
import { invalidParameter, metaError, unsupportedRequest } from './kit/metaGraphAnswers';

const NONE: PostEngagement = { reactions: 0, comments: 0, shares: 0, mediaViews: 0, clicks: 0 };

/** The totals a node reads as fields (REACTIONS' `reactions.summary(total_count)`, the comments edge's `summary(true)`), each without items. */
const TOTALS = ['reactions.limit(0).summary(total_count)', 'comments.limit(0).summary(true)'];

/** Post insights the fake knows, with Graph's titles; any other metric is Graph's invalid metric (retired ones among them). */
const METRICS: Readonly<Record<string, { title: string; of: (e: PostEngagement) => number }>> = {
  post_media_view: { title: 'Media views', of: (e) => e.mediaViews },
  post_clicks: { title: 'Post clicks', of: (e) => e.clicks },
};

/** A node's totals, as the Graph API writes them: `{data: [], summary: {…, total_count}}`. */
function totals(fields: readonly string[], engagement: PostEngagement, withShares: boolean): Record<string, unknown> {
  return {
    ...(fields.includes(TOTALS[0]!) ? { reactions: { data: [], summary: { total_count: engagement.reactions, viewer_reaction: 'NONE' } } } : {}),
    ...(fields.includes(TOTALS[1]!) ? { comments: { data: [], summary: { order: 'ranked', total_count: engagement.comments, can_comment: true } } } : {}),
    // Facebook leaves `shares` out of a post no one has shared.
    ...(withShares && fields.includes('shares') && engagement.shares > 0 ? { shares: { count: engagement.shares } } : {}),
  };
}

/** The fields a read asks for that the fake does not know: Graph refuses a field the node type lacks. */
const unknownField = (fields: readonly string[], known: readonly string[], nodeType: string) => {
  const unknown = fields.find((field) => !known.includes(field));
  return unknown === undefined ? null : metaError(invalidParameter(`(#100) Tried accessing nonexisting field (${unknown}) on node type (${nodeType})`));
};

/** `GET /{page-id}_{post-id}?fields=…` (post.get) with the Page's token: its reaction, comment and share totals; a deleted post is 100/33. */
export function postTotals(call: FacebookCall) {
  const id = nodeIdOf(call);
  const post = call.state.posts.find((p) => p.id === id);
  if (post === undefined || call.state.deleted.has(id)) return call.send(metaError(unsupportedRequest('get', id)));
  if (!pageAccess(call, post.pageId)) return;
  const fields = fieldsOf(call);
  const refused = unknownField(fields, [...TOTALS, 'shares'], 'Post');
  if (refused) return call.send(refused);
  call.answer(200, { ...totals(fields, call.state.engagement.get(id) ?? NONE, true), id });
}

/** `GET /{video-id}?fields=…` with the Page's token: a video's reaction and comment totals (a video has no `shares`). */
export function videoTotals(call: FacebookCall, videoId: string, pageId: string) {
  if (call.state.deleted.has(videoId)) return call.send(metaError(unsupportedRequest('get', videoId)));
  if (!pageAccess(call, pageId)) return;
  const fields = fieldsOf(call);
  const refused = unknownField(fields, TOTALS, 'Video');
  if (refused) return call.send(refused);
  call.answer(200, { ...totals(fields, call.state.engagement.get(videoId) ?? NONE, false), id: videoId });
}

/**
 * `GET /{post-id}/insights?metric=…` (post.insights, read_insights, which the checker holds the
 * token to): lifetime values as Graph answers them; a Page under 100 likes has none (an empty
 * list); an unknown or retired metric is Graph's invalid metric (#100).
 */
export function postInsights(call: FacebookCall) {
  const id = nodeIdOf(call);
  const post = call.state.posts.find((p) => p.id === id);
  if (post === undefined || call.state.deleted.has(id)) return call.send(metaError(unsupportedRequest('get', id)));
  if (!pageAccess(call, post.pageId)) return;
  const asked = (call.url.searchParams.get('metric') ?? '').split(',');
  const invalid = asked.find((name) => METRICS[name] === undefined);
  if (invalid !== undefined) return call.send(metaError(invalidParameter(`(#100) The value must be a valid insights metric: ${invalid}`)));
  if (!call.state.pageHasInsights) return call.answer(200, { data: [] });
  const engagement = call.state.engagement.get(id) ?? NONE;
  const data = asked.map((name) => ({
    name,
    period: 'lifetime',
    values: [{ value: METRICS[name]!.of(engagement) }],
    title: METRICS[name]!.title,
    description: `Lifetime: ${METRICS[name]!.title}.`,
    id: `${id}/insights/${name}/lifetime`,
  }));
  call.answer(200, { data, paging: { previous: '', next: '' } });
}
