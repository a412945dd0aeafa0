import { type NeynarCall, neynarError, SIGNER_NOT_APPROVED } from './neynarFakeAnswers';
import { describedUser } from './neynarFakeSigners';
import { type NeynarFakeState, type StoredCast } from './neynarFakeState';

/**
 * `POST /v2/farcaster/cast/` (publish-cast): an approved signer's cast; a reply's parent must
 * exist; a repeated `idem` answers the first cast. (The body's shape, at most 2 embeds among it,
 * is the description's to check.)
 */
export function publishCast(call: NeynarCall) {
  const { state } = call;
  const body = call.json() ?? {};
  const { signer_uuid, parent, parent_author_fid, idem } = body as { signer_uuid: string; parent?: string; parent_author_fid?: number; idem?: string };
  const signer = state.signers.get(signer_uuid);
  if (!signer) return call.send(neynarError(404, 'NotFound', 'Signer not found', 'signer_uuid'));
  if (signer.status !== 'approved' || signer.fid === undefined) return call.send(neynarError(403, 'Forbidden', SIGNER_NOT_APPROVED, 'signer_uuid'));
  if (parent !== undefined) {
    const replied = state.casts.find((c) => c.hash === parent);
    if (!replied) return call.send(neynarError(400, 'InvalidField', 'parent cast not found', 'parent'));
    if (parent_author_fid !== replied.fid)
      return call.send(neynarError(400, 'InvalidField', 'parent_author_fid does not match the parent cast', 'parent_author_fid'));
  }
  const earlier = idem === undefined ? undefined : state.byIdem.get(`${signer_uuid}:${idem}`);
  if (earlier) return call.answer(200, answer(earlier));
  const cast: StoredCast = { hash: state.hex(20), fid: signer.fid, body, createdAt: state.now() };
  state.casts.push(cast);
  if (idem !== undefined) state.byIdem.set(`${signer_uuid}:${idem}`, cast);
  call.answer(200, answer(cast));
}

const answer = (cast: StoredCast) => ({ success: true, cast: { hash: cast.hash, author: { fid: cast.fid }, text: cast.body.text ?? '' } });

/** A cast as the description's `Cast` has it, every required field present. */
export function described(state: NeynarFakeState, cast: StoredCast) {
  const user = state.users.get(cast.fid);
  const parent = typeof cast.body.parent === 'string' ? state.casts.find((c) => c.hash === cast.body.parent) : undefined;
  const channelId = typeof cast.body.channel_id === 'string' ? cast.body.channel_id : null;
  const embeds = Array.isArray(cast.body.embeds) ? (cast.body.embeds as Array<{ url: string }>) : [];
  return {
    object: 'cast',
    hash: cast.hash,
    parent_hash: parent?.hash ?? null,
    parent_url: channelId === null ? null : `https://warpcast.com/~/channel/${channelId}`,
    root_parent_url: channelId === null ? null : `https://warpcast.com/~/channel/${channelId}`,
    // Nullable by intent, but `nullable` without a `type` beside it allows no null (OpenAPI 3.0.4): 0 for a cast that replies to none.
    parent_author: { fid: parent?.fid ?? 0 },
    author: user ? describedUser(user) : { object: 'user', fid: cast.fid },
    text: typeof cast.body.text === 'string' ? cast.body.text : '',
    timestamp: cast.createdAt.toISOString(),
    embeds: embeds.map((e) => ({ url: e.url, metadata: { _status: 'PENDING' } })),
    // The lists are deprecated, "always an empty array" (the description's CastReactions).
    reactions: { likes: [], recasts: [], likes_count: state.reactions.get(cast.hash)?.likes ?? 0, recasts_count: state.reactions.get(cast.hash)?.recasts ?? 0 },
    replies: { count: state.casts.filter((c) => c.body.parent === cast.hash).length },
    thread_hash: cast.hash,
    mentioned_profiles: [],
    mentioned_profiles_ranges: [],
    mentioned_channels: [],
    mentioned_channels_ranges: [],
    // Required and, as above, never null by the description's letter: the channel the cast went to, else Farcaster's home feed's.
    channel: { object: 'channel_dehydrated', id: channelId ?? 'home', name: channelId ?? 'home' },
  };
}

/**
 * `GET /v2/farcaster/feed/user/casts/` (fetch-casts-for-user): the account's casts, newest
 * first, replies among them unless `include_replies=false`, `limit` at a time, the next page
 * named by `next.cursor`.
 */
export function castsForUser(call: NeynarCall) {
  const { state } = call;
  const params = call.url.searchParams;
  const fid = Number(params.get('fid'));
  const withReplies = params.get('include_replies') !== 'false';
  const limit = Number(params.get('limit') ?? '25');
  const start = Number(params.get('cursor') ?? '0');
  const casts = state.casts.filter((c) => c.fid === fid && (withReplies || c.body.parent === undefined)).reverse();
  const page = casts.slice(start, start + limit).map((cast) => described(state, cast));
  call.answer(200, { casts: page, next: { cursor: start + limit < casts.length ? String(start + limit) : null } });
}
