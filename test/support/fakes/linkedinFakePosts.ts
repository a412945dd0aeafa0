import { denied, memberOf } from './linkedinFakeAnswers';
import { type LinkedInCall } from './linkedinFakeRest';
import { checkComment, checkPost } from './linkedinFakeRules';

/** The URN in `/rest/socialActions/{urn}/comments`. */
const postOfPath = (call: LinkedInCall): string => decodeURIComponent(/^\/rest\/socialActions\/([^/]+)\/comments$/.exec(call.url.pathname)?.[1] ?? '');

/** Reading an author's posts needs a role on the organization, or the member's own (docs/platforms.md, LinkedIn: read rows). */
function mayRead(call: LinkedInCall, author: string, userId: string): boolean {
  if (author === `urn:li:person:${userId}`) return true;
  const org = /^urn:li:organization:(\d+)$/.exec(author)?.[1];
  return call.state.organizations.some((o) => o.id === org);
}

/** `POST /rest/posts`: 201, the post's URN in `x-restli-id`. */
export function createPost(call: LinkedInCall) {
  const token = memberOf(call);
  if (!token) return;
  const post = call.json();
  const problem = checkPost(call.state, token, post);
  if (problem) return call.send(problem);
  const urn = `urn:li:share:${7_100_000_000 + call.state.next()}`;
  call.state.posts.push({ urn, body: post as Record<string, unknown>, createdAt: call.state.now() });
  call.send({ status: 201, headers: { 'x-restli-id': urn } });
}

/** `GET /rest/posts?author=…&q=author`: the author's posts, newest first, `count` of them, as the Posts API gives them. */
export function postsByAuthor(call: LinkedInCall) {
  const token = memberOf(call);
  if (!token) return;
  const query = call.url.searchParams;
  const author = query.get('author') ?? '';
  if (!mayRead(call, author, token.userId)) return call.send(denied(`Not enough permissions to read the posts of ${author}`));
  const count = Number(query.get('count') ?? 10);
  const elements = call.state.posts
    .filter((p) => p.body.author === author)
    .reverse()
    .slice(0, count)
    .map((p) => ({
      ...p.body,
      id: p.urn,
      createdAt: p.createdAt.getTime(),
      publishedAt: p.createdAt.getTime(),
      lastModifiedAt: p.createdAt.getTime(),
      lifecycleStateInfo: { isEditedByAuthor: false },
    }));
  call.answer(200, { paging: { start: 0, count, links: [] }, elements });
}

/** `POST /rest/socialActions/{post}/comments`: 201, the comment with its `id` and `commentUrn`. */
export function createComment(call: LinkedInCall) {
  const token = memberOf(call);
  if (!token) return;
  const postUrn = postOfPath(call);
  const comment = call.json();
  const problem = checkComment(call.state, token, postUrn, comment);
  if (problem) return call.send(problem);
  const id = String(6_900_000_000 + call.state.next());
  call.state.comments.push({ id, postUrn, body: comment as Record<string, unknown>, createdAt: call.state.now() });
  call.answer(201, { ...comment, id, commentUrn: `urn:li:comment:(${postUrn},${id})` });
}

/** `GET /rest/socialActions/{post}/comments`: the post's comments, oldest first, as the Comments API gives them. */
export function commentsOnPost(call: LinkedInCall) {
  if (!memberOf(call)) return;
  const postUrn = postOfPath(call);
  const count = Number(call.url.searchParams.get('count') ?? 10);
  const elements = call.state.comments
    .filter((c) => c.postUrn === postUrn)
    .slice(0, count)
    .map((c) => ({
      ...c.body,
      id: c.id,
      commentUrn: `urn:li:comment:(${postUrn},${c.id})`,
      created: { actor: c.body.actor, time: c.createdAt.getTime() },
      lastModified: { actor: c.body.actor, time: c.createdAt.getTime() },
    }));
  call.answer(200, { paging: { start: 0, count, total: elements.length }, elements });
}
