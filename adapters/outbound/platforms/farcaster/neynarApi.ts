import { type AccountIdentity } from '../../../../application/ports/platforms/PlatformConnector';
import { type FarcasterSignerGrant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Answered, callPlatform, okJson, type PlatformAnswer, parseJson } from '../kit/http';
import { meaningOf, type PlatformErrors, resetHeaderSeconds, RETRY_SECONDS, retryAfterSeconds } from '../kit/outcomes';
import { type ApiOptions, type ApiSettings } from '../kit/settings';

/** How the service reaches Neynar, and the app account that asks for signers (README, "Connecting accounts"). */
export interface FarcasterOptions extends ApiOptions {
  readonly apiKey: string;
  /** The app account's fid: the `requestFid` of every signed key request. */
  readonly appFid: number;
  /** The app account's custody key as its recovery phrase: a secret, never logged. */
  readonly appMnemonic: string;
  /** How long the account has to approve a signer (the signed key request's deadline). */
  readonly approvalSeconds?: number;
}

export interface FarcasterSettings extends ApiSettings {
  readonly apiKey: string;
  readonly appFid: number;
  readonly appMnemonic: string;
  readonly approvalSeconds: number;
}

/** Neynar's error body `{code, message, property}` (the description's `ErrorRes`), as one line; a 401 is the service's own API key. */
function neynarMessage(answer: Answered): string {
  const body = parseJson(answer.text) as { message?: unknown; code?: unknown } | null;
  const code = typeof body?.code === 'string' ? ` (${body.code})` : '';
  const message = typeof body?.message === 'string' ? `Neynar: ${body.message}${code}` : `Neynar answered ${answer.status}`;
  return answer.status === 401 ? `${message}: the service's NEYNAR_API_KEY was refused` : message;
}

/**
 * A 401 is the service's API key (the operator's setting: rejected, the connection untouched); a
 * 403, or a 400 or 404 naming the signer, is the account's signer (not approved, revoked): the
 * connection needs reconnecting. A 429 waits for `Retry-After`, else `X-RateLimit-Reset` (Unix
 * seconds, or seconds from now when small: Neynar's pages name neither).
 */
export const NEYNAR_ERRORS: PlatformErrors = {
  platform: 'Neynar',
  message: neynarMessage,
  meaning: (answer) => {
    if (answer.status === 401) return 'rejected';
    if (answer.status === 403 || ((answer.status === 400 || answer.status === 404) && /signer/i.test(answer.text))) return 'reconnect';
    return null;
  },
  waitSeconds: (answer, now) => {
    if (answer.headers.has('retry-after')) return retryAfterSeconds(answer.headers, now, RETRY_SECONDS);
    const reset = Number(answer.headers.get('x-ratelimit-reset') ?? Number.NaN);
    if (reset > 0 && reset < 1_000_000_000) return Math.ceil(reset);
    return resetHeaderSeconds(answer.headers, 'x-ratelimit-reset', now, RETRY_SECONDS);
  },
};

/** One call to Neynar's API with the app's key; never throws. `path` as Neynar's description has it, with its trailing slash. */
export function callNeynar(settings: FarcasterSettings, method: 'GET' | 'POST', path: string, body?: unknown): Promise<PlatformAnswer> {
  const headers: Record<string, string> = { 'x-api-key': settings.apiKey, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = `${settings.apiBaseUrl}${path}`;
  return callPlatform('Neynar', settings, { method, url, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export function asSignerGrant(grant: PlatformGrant): FarcasterSignerGrant {
  if (grant.kind !== 'farcaster_signer') throw new Error(`Farcaster takes a signer grant, not ${grant.kind}`);
  return grant;
}

/** What a read of Neynar gave, or why not: no answer, a 429 or a 5xx is transient (ask again later). */
export type NeynarRead<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly transient: boolean; readonly reason: string };

function readOf(answer: PlatformAnswer): NeynarRead<Record<string, unknown>> {
  if (answer.kind !== 'answered') return { ok: false, transient: true, reason: answer.reason };
  const body = okJson(answer);
  if (body !== null) return { ok: true, value: body };
  if (answer.status >= 200 && answer.status <= 299) return { ok: false, transient: true, reason: `Neynar answered ${answer.status} without a JSON object` };
  const meaning = meaningOf(answer, NEYNAR_ERRORS);
  return { ok: false, transient: meaning === 'throttled' || meaning === 'transient', reason: neynarMessage(answer) };
}

/** A signer as Neynar describes it (`Signer`). */
export interface NeynarSigner {
  readonly signer_uuid: string;
  readonly public_key: string;
  readonly status: 'generated' | 'pending_approval' | 'approved' | 'revoked';
  readonly signer_approval_url?: string;
  readonly fid?: number;
}

const STATUSES = new Set(['generated', 'pending_approval', 'approved', 'revoked']);

function signerFrom(answer: PlatformAnswer): NeynarRead<NeynarSigner> {
  const read = readOf(answer);
  if (!read.ok) return read;
  const body = read.value as Partial<NeynarSigner>;
  if (typeof body.signer_uuid !== 'string' || typeof body.public_key !== 'string' || !STATUSES.has(String(body.status))) {
    return { ok: false, transient: true, reason: 'Neynar answered without a signer' };
  }
  return { ok: true, value: body as NeynarSigner };
}

export const createSigner = async (settings: FarcasterSettings) => signerFrom(await callNeynar(settings, 'POST', '/v2/farcaster/signer/'));

export const lookupSigner = async (settings: FarcasterSettings, signerUuid: string) =>
  signerFrom(await callNeynar(settings, 'GET', `/v2/farcaster/signer/?signer_uuid=${encodeURIComponent(signerUuid)}`));

export const registerSignedKey = async (settings: FarcasterSettings, body: { signer_uuid: string; signature: string; app_fid: number; deadline: number }) =>
  signerFrom(await callNeynar(settings, 'POST', '/v2/farcaster/signer/signed_key/', body));

interface NeynarUser {
  readonly fid?: unknown;
  readonly username?: unknown;
  readonly display_name?: unknown;
  readonly pfp_url?: unknown;
}

/** The account of `fid` (`GET /v2/farcaster/user/bulk/?fids=`): its fid, username, display name and picture. */
export async function readAccount(settings: FarcasterSettings, fid: number): Promise<NeynarRead<AccountIdentity>> {
  const read = readOf(await callNeynar(settings, 'GET', `/v2/farcaster/user/bulk/?fids=${fid}`));
  if (!read.ok) return read;
  const users = read.value.users;
  const user = Array.isArray(users) ? (users as NeynarUser[]).find((u) => u.fid === fid) : undefined;
  if (user === undefined || typeof user.username !== 'string') return { ok: false, transient: true, reason: `Neynar did not describe account ${fid}` };
  const identity: AccountIdentity = {
    accountId: String(fid),
    handle: user.username,
    displayName: typeof user.display_name === 'string' ? user.display_name : null,
    avatarUrl: typeof user.pfp_url === 'string' ? user.pfp_url : null,
  };
  return { ok: true, value: identity };
}
