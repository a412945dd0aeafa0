import { threadBody } from '../service';
import { type MixedRequest } from './apiLoadProtocol';

export const POSTS_GET = 'posts.get';
export const POSTS_LIST = 'posts.list';
export const POSTS_CREATE = 'posts.create';

/** A workspace the load acts on, as its own API key sees it. */
export interface LoadedWorkspace {
  readonly workspaceId: string;
  /** Seeded posts of the workspace, for posts.get. */
  readonly postIds: readonly string[];
  /** A connection of the workspace no seeded target uses, for posts.create. */
  readonly connectionId: string;
  readonly apiKey: string;
}

/**
 * The scale-out load's mix: for each workspace a sequence of 20 requests, 12 posts.get (of 12
 * different seeded posts), 6 posts.list (20 items, the first page) and 2 posts.create (a
 * two-tweet thread kept as a draft, so it adds no job for the workers and no call the
 * bench's once-each check would not expect), with the workspace's own key; the sequences
 * interleaved, so consecutive requests go to different workspaces. 20 is not a multiple of
 * 3 (or 2): each API process gets every kind of request in turn.
 */
export function loadMix(workspaces: readonly LoadedWorkspace[]): MixedRequest[] {
  const sequences = workspaces.map(sequenceOf);
  const mix: MixedRequest[] = [];
  for (let step = 0; step < sequences[0]!.length; step++) for (const sequence of sequences) mix.push(sequence[step]!);
  return mix;
}

/** How many of the first `sent` requests of `mix` (sent in turn, from the start) carried `apiKey`. */
export function sentWithKey(mix: readonly MixedRequest[], sent: number, apiKey: string): number {
  const perRound = mix.filter((request) => request.headers.authorization === `Bearer ${apiKey}`).length;
  const rest = mix.slice(0, sent % mix.length).filter((request) => request.headers.authorization === `Bearer ${apiKey}`).length;
  return Math.floor(sent / mix.length) * perRound + rest;
}

function sequenceOf({ workspaceId, postIds, connectionId, apiKey }: LoadedWorkspace): MixedRequest[] {
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
  const sequence: MixedRequest[] = [];
  for (let i = 0; i < 10; i++) sequence.push(...(i % 5 === 4 ? [list, create] : i % 2 === 0 ? [get(i), list] : [get(i), get(i + 10)]));
  return sequence;
}
