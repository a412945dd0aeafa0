import { type AccountIdentity } from '../../../../application/ports/platforms/PlatformConnector';
import { type FarcasterSettings } from './FarcasterOptions';
import { callNeynar, parseJson } from './NeynarHttp';
import { neynarMessage } from './neynarOutcomes';
import { type NeynarRead } from './neynarSigners';

interface NeynarUser {
  readonly fid?: unknown;
  readonly username?: unknown;
  readonly display_name?: unknown;
  readonly pfp_url?: unknown;
}

/** The account of `fid` (`GET /v2/farcaster/user/bulk?fids=`): its fid, username, display name and picture. */
export async function readAccount(settings: FarcasterSettings, fid: number): Promise<NeynarRead<AccountIdentity>> {
  const answer = await callNeynar(settings, 'GET', `/v2/farcaster/user/bulk/?fids=${fid}`);
  if (answer.kind !== 'answered') return { ok: false, transient: true, reason: answer.reason };
  if (answer.status !== 200) return { ok: false, transient: answer.status === 429 || answer.status >= 500, reason: neynarMessage(answer.text, answer.status) };
  const users = (parseJson(answer.text) as { users?: NeynarUser[] } | null)?.users;
  const user = Array.isArray(users) ? users.find((u) => u.fid === fid) : undefined;
  if (user === undefined || typeof user.username !== 'string') return { ok: false, transient: true, reason: `Neynar did not describe account ${fid}` };
  return {
    ok: true,
    value: {
      accountId: String(fid),
      handle: user.username,
      displayName: typeof user.display_name === 'string' ? user.display_name : null,
      avatarUrl: typeof user.pfp_url === 'string' ? user.pfp_url : null,
    },
  };
}
