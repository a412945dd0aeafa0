import { type ServerResponse } from 'node:http';
import { SIGNER_NOT_APPROVED, sendError, sendJson } from './neynarFakeAnswers';
import { type FakeRequest } from './neynarFakeSigners';
import { type NeynarFakeState, type StoredCast } from './neynarFakeState';

/** `POST /v2/farcaster/cast`: an approved signer's cast; at most 2 embeds; a reply's parent must exist; a repeated `idem` answers the first cast. */
export function publishCast(state: NeynarFakeState, { json }: FakeRequest, response: ServerResponse) {
  const body = json ?? {};
  const { signer_uuid, text, embeds, parent, parent_author_fid, idem } = body;
  if (typeof signer_uuid !== 'string') return sendError(response, 400, 'InvalidField', 'signer_uuid is required', 'signer_uuid');
  const signer = state.signers.get(signer_uuid);
  if (!signer) return sendError(response, 404, 'NotFound', 'Signer not found', 'signer_uuid');
  if (signer.status !== 'approved' || signer.fid === undefined) return sendError(response, 403, 'Forbidden', SIGNER_NOT_APPROVED, 'signer_uuid');
  if (text !== undefined && typeof text !== 'string') return sendError(response, 400, 'InvalidField', 'text must be a string', 'text');
  if (embeds !== undefined) {
    if (!Array.isArray(embeds) || embeds.length > 2) return sendError(response, 400, 'InvalidField', 'embeds: at most 2', 'embeds');
    if (embeds.some((e) => typeof (e as { url?: unknown })?.url !== 'string'))
      return sendError(response, 400, 'InvalidField', 'embeds[].url must be a URL', 'embeds');
  }
  if (parent !== undefined) {
    const replied = state.casts.find((c) => c.hash === parent);
    if (!replied) return sendError(response, 400, 'InvalidField', 'parent cast not found', 'parent');
    if (parent_author_fid !== replied.fid)
      return sendError(response, 400, 'InvalidField', 'parent_author_fid does not match the parent cast', 'parent_author_fid');
  }
  if (typeof idem === 'string') {
    const earlier = state.byIdem.get(`${signer_uuid}:${idem}`);
    if (earlier) return sendJson(response, 200, answer(earlier));
  }
  const cast: StoredCast = { hash: state.hex(20), fid: signer.fid, body };
  state.casts.push(cast);
  if (typeof idem === 'string') state.byIdem.set(`${signer_uuid}:${idem}`, cast);
  sendJson(response, 200, answer(cast));
}

const answer = (cast: StoredCast) => ({ success: true, cast: { hash: cast.hash, author: { fid: cast.fid }, text: cast.body.text ?? '' } });
