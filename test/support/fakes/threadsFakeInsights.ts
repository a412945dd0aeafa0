import { type FakeCall } from './kit/fakeCall';
import { metaError, unsupportedRequest } from './kit/metaGraphAnswers';
import { badParameter, userOf } from './threadsFakeAnswers';
import { type ThreadsFakeState } from './threadsFakeState';

/** The media metrics Threads documents, with the titles its answers carry (https://developers.facebook.com/documentation/threads/insights). */
const METRICS: Readonly<Record<string, string>> = {
  views: 'Views',
  likes: 'Likes',
  replies: 'Replies',
  reposts: 'Reposts',
  quotes: 'Quotes',
  shares: 'Shares',
};

/**
 * `GET /v1.0/{threads-media-id}/insights?metric=…` (threads.media.insights): each metric asked
 * for as Graph answers insights, `{name, period: 'lifetime', values: [{value}], title,
 * description, id}`; a metric it does not document is a bad parameter; a post it does not have
 * (deleted, or another profile's) is Graph's 100/33.
 */
export function mediaInsights(call: FakeCall<ThreadsFakeState>) {
  const token = userOf(call);
  if (!token) return;
  const { state } = call;
  const id = call.url.pathname.split('/')[2] ?? '';
  const post = state.posts.find((p) => p.id === id && p.userId === token.userId);
  if (post === undefined || state.deleted.has(id)) return call.send(metaError(unsupportedRequest('get', id)));
  const asked = (call.url.searchParams.get('metric') ?? '').split(',');
  const unknown = asked.find((name) => METRICS[name] === undefined);
  if (unknown !== undefined)
    return call.send(badParameter(`(#100) metric[${asked.indexOf(unknown)}] must be one of the following values: ${Object.keys(METRICS).join(', ')}`));
  const values = state.insights.get(id) ?? {};
  const data = asked.map((name) => ({
    name,
    period: 'lifetime',
    values: [{ value: values[name] ?? 0 }],
    title: METRICS[name],
    description: `${METRICS[name]} of the post.`,
    id: `${id}/insights/${name}/lifetime`,
  }));
  call.answer(200, { data });
}
