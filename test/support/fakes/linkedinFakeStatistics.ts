import { denied, linkedInError, memberOf, notFoundAnswer } from './linkedinFakeAnswers';
import { type LinkedInCall } from './linkedinFakeRest';

/** A post with nothing counted yet, in ShareStatisticsData's names. */
const NOTHING_YET = { uniqueImpressionsCount: 0, shareCount: 0, engagement: 0, clickCount: 0, likeCount: 0, impressionCount: 0, commentCount: 0 };

/** The URNs of a Rest.li 2.0 list parameter, `List(urn%3Ali%3Ashare%3A1,…)` (read decoded); null where it is not one. */
function listOf(value: string | null): string[] | null {
  if (value === null) return [];
  const inner = /^List\((.*)\)$/.exec(value)?.[1];
  return inner === undefined ? null : inner.split(',').filter((urn) => urn.length > 0);
}

/**
 * `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=…&shares=List(…)&ugcPosts=List(…)`:
 * each named post of the organization's, with its lifetime `totalShareStatistics`; a post it has
 * not (a deleted one) is left out. Only the organization's ADMINISTRATORs may read it.
 */
export function shareStatistics(call: LinkedInCall) {
  if (!memberOf(call)) return;
  const query = call.url.searchParams;
  const organization = query.get('organizationalEntity') ?? '';
  const role = call.state.organizations.find((o) => `urn:li:organization:${o.id}` === organization)?.role;
  if (role !== 'ADMINISTRATOR') return call.send(denied(`Not enough permissions to access: organizationalEntityShareStatistics of ${organization}`));
  const [shares, ugcPosts] = [listOf(query.get('shares')), listOf(query.get('ugcPosts'))];
  if (shares === null || ugcPosts === null) return call.send(linkedInError(400, 'ILLEGAL_ARGUMENT', 'shares and ugcPosts are Rest.li lists: List(urn,…)'));
  const of = (kind: 'share' | 'ugcPost', urns: string[]) =>
    urns
      .filter((urn) => call.state.posts.some((p) => p.urn === urn && p.body.author === organization))
      .map((urn) => ({ organizationalEntity: organization, [kind]: urn, totalShareStatistics: call.state.statistics.get(urn) ?? NOTHING_YET }));
  const elements = [...of('share', shares), ...of('ugcPost', ugcPosts)];
  call.answer(200, { paging: { start: 0, count: 10, links: [] }, elements });
}

/** `GET /rest/posts/{urn}`: the post as the Posts API gives it, or LinkedIn's 404 once it is deleted. */
export function getPost(call: LinkedInCall) {
  if (!memberOf(call)) return;
  const urn = decodeURIComponent(call.url.pathname.slice('/rest/posts/'.length));
  const post = call.state.posts.find((p) => p.urn === urn);
  if (!post) return call.send(notFoundAnswer(`Post ${urn} not found`));
  call.answer(200, { ...post.body, id: post.urn, createdAt: post.createdAt.getTime(), publishedAt: post.createdAt.getTime() });
}
