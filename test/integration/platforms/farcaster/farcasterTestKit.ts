import { farcasterConnector, type FarcasterConnector, type FarcasterOptions } from '../../../../adapters/outbound/platforms/farcaster/FarcasterConnector';
import { type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type FarcasterSignerGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type NeynarFake } from '../../../support/fakes/neynarFake';
import { APP_MNEMONIC } from '../../../support/fakes/neynarFakeState';
import { segmentToPublish } from '../../../support/platformTestKit';

export function connectorFor(fake: NeynarFake, options: Partial<FarcasterOptions> = {}): FarcasterConnector {
  return farcasterConnector({
    apiKey: fake.state.apiKey,
    appFid: fake.state.appFid,
    appMnemonic: APP_MNEMONIC,
    apiBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
    ...options,
  });
}

/** A signer made, registered and approved through the connector, as its grant. */
export async function approvedGrant(fake: NeynarFake, connector: FarcasterConnector): Promise<FarcasterSignerGrant> {
  const started = await connector.signer.start();
  if (!started.ok) throw new Error(`signer not started: ${started.failure.reason}`);
  fake.approve(started.signer.signerId);
  const status = await connector.signer.check(started.signer.signerId);
  if (status.kind !== 'approved' || status.grant.kind !== 'farcaster_signer') throw new Error(`signer not approved: ${status.kind}`);
  return status.grant;
}

/** The account the fake's approved signer belongs to (fid 4242, `ada`), as the engine hands it to the publisher. */
export const ACCOUNT: PublishingAccount = { accountId: '4242', handle: 'ada', publishAs: null };

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish({ settings: { platform: 'FARCASTER', values: { channelId: null } }, text: 'Shipping Dispatch 1.0' }, overrides);
}

/** Library media as signed links only (Farcaster embeds URLs; it never takes bytes). */
export const LINKED_MEDIA: MediaAccess = {
  async open() {
    throw new Error('Farcaster takes links, never bytes');
  },
  async link(mediaId) {
    return `https://dispatch.example/media/${mediaId}?sig=abc`;
  },
};
