import { type NeynarCall, neynarError, SIGNER_NOT_APPROVED } from './neynarFakeAnswers';
import { type StoredCast } from './neynarFakeState';

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
  const cast: StoredCast = { hash: state.hex(20), fid: signer.fid, body };
  state.casts.push(cast);
  if (idem !== undefined) state.byIdem.set(`${signer_uuid}:${idem}`, cast);
  call.answer(200, answer(cast));
}

const answer = (cast: StoredCast) => ({ success: true, cast: { hash: cast.hash, author: { fid: cast.fid }, text: cast.body.text ?? '' } });
