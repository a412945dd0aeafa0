import { type NeynarCall, neynarError } from './neynarFakeAnswers';
import { described } from './neynarFakeCasts';

/**
 * `GET /v2/farcaster/casts/?casts=h1,h2` (fetch-bulk-casts): the casts Neynar has of those asked
 * for, as the description's `CastsResponse`; a hash it has not (a deleted cast) is left out.
 */
export function bulkCasts(call: NeynarCall) {
  const { state } = call;
  const hashes = (call.url.searchParams.get('casts') ?? '').split(',');
  const casts = hashes.flatMap((hash) => state.casts.filter((c) => c.hash === hash)).map((cast) => described(state, cast));
  call.answer(200, { result: { casts } });
}

/**
 * `GET /v2/farcaster/cast/?identifier=…&type=hash` (lookup-cast-by-hash-or-url): the cast as
 * `CastResponse`, or Neynar's 404 NotFound for a hash it has not (the description lists only 200
 * and 400; Neynar answers an unknown cast so).
 */
export function lookupCast(call: NeynarCall) {
  const { state } = call;
  const identifier = call.url.searchParams.get('identifier') ?? '';
  if (call.url.searchParams.get('type') !== 'hash') return call.send(neynarError(400, 'InvalidField', 'the fake looks casts up by hash only', 'type'));
  const cast = state.casts.find((c) => c.hash === identifier);
  if (!cast) return call.send(neynarError(404, 'NotFound', 'Cast not found', 'identifier'));
  call.answer(200, { cast: described(state, cast) });
}
