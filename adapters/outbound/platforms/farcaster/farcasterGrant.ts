import { type FarcasterSignerGrant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';

export function asSignerGrant(grant: PlatformGrant): FarcasterSignerGrant {
  if (grant.kind !== 'farcaster_signer') throw new Error(`Farcaster takes a signer grant, not ${grant.kind}`);
  return grant;
}
