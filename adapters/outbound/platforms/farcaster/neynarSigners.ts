import { type PlatformAnswer } from '../shared/platformCall';
import { type FarcasterSettings } from './FarcasterOptions';
import { callNeynar, parseJson } from './NeynarHttp';
import { neynarMessage } from './neynarOutcomes';

/** A signer as Neynar describes it (`Signer`). */
export interface NeynarSigner {
  readonly signer_uuid: string;
  readonly public_key: string;
  readonly status: 'generated' | 'pending_approval' | 'approved' | 'revoked';
  readonly signer_approval_url?: string;
  readonly fid?: number;
}

export type NeynarRead<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly transient: boolean; readonly reason: string };

const STATUSES = new Set(['generated', 'pending_approval', 'approved', 'revoked']);

/** A signer from an answer, or why not: no answer, a 429 or a 5xx is transient (ask again later). */
export function signerFrom(answer: PlatformAnswer): NeynarRead<NeynarSigner> {
  if (answer.kind !== 'answered') return { ok: false, transient: true, reason: answer.reason };
  if (answer.status === 429 || answer.status >= 500) return { ok: false, transient: true, reason: neynarMessage(answer.text, answer.status) };
  if (answer.status !== 200) return { ok: false, transient: false, reason: neynarMessage(answer.text, answer.status) };
  const body = parseJson(answer.text) as Partial<NeynarSigner> | null;
  if (typeof body?.signer_uuid !== 'string' || typeof body.public_key !== 'string' || !STATUSES.has(String(body.status))) {
    return { ok: false, transient: true, reason: 'Neynar answered without a signer' };
  }
  return { ok: true, value: body as NeynarSigner };
}

export const createSigner = async (settings: FarcasterSettings) => signerFrom(await callNeynar(settings, 'POST', '/v2/farcaster/signer/'));

export const lookupSigner = async (settings: FarcasterSettings, signerUuid: string) =>
  signerFrom(await callNeynar(settings, 'GET', `/v2/farcaster/signer/?signer_uuid=${encodeURIComponent(signerUuid)}`));

export const registerSignedKey = async (settings: FarcasterSettings, body: { signer_uuid: string; signature: string; app_fid: number; deadline: number }) =>
  signerFrom(await callNeynar(settings, 'POST', '/v2/farcaster/signer/signed_key/', body));
