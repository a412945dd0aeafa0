import { threadBody } from '../service';
import { type MixedRequest } from './apiLoadProtocol';

export const POSTS_GET = 'posts.get';
export const POSTS_LIST = 'posts.list';
export const POSTS_CREATE = 'posts.create';

/**
 * The scale-out load's mix, as a sequence of 20 requests sent in turn: 12 posts.get (of 12
 * different seeded posts of the workspace), 6 posts.list (20 items, the first page) and 2
 * posts.create (a two-tweet thread kept as a draft, so it adds no job for the workers and no
 * call the bench's once-each check would not expect), all with one API key of the workspace.
 * 20 is not a multiple of 3 (or 2): each API process gets every kind of request in turn.
 */
export function loadMix(workspaceId: string, postIds: readonly string[], connectionId: string, apiKey: string): MixedRequest[] {
  const auth = { authorization: `Bearer ${apiKey}` };
  const posts = `/v1/workspaces/${workspaceId}/posts`;
  const get = (i: number): MixedRequest => ({
    operation: POSTS_GET,
    method: 'GET',
    path: `${posts}/${postIds[(i * 37) % postIds.length]}`,
    headers: auth,
    expectStatus: 200,
  });
  const list: MixedRequest = { operation: POSTS_LIST, method: 'GET', path: `${posts}?limit=20`, headers: auth, expectStatus: 200 };
  const create: MixedRequest = {
    operation: POSTS_CREATE,
    method: 'POST',
    path: posts,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(threadBody(connectionId, 'scale-out')),
    expectStatus: 200,
  };
  const mix: MixedRequest[] = [];
  for (let i = 0; i < 10; i++) mix.push(...(i % 5 === 4 ? [list, create] : i % 2 === 0 ? [get(i), list] : [get(i), get(i + 10)]));
  return mix;
}
