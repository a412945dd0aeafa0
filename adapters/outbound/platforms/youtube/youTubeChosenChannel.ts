import { type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type YouTubeChannelChoice } from './YouTubeOptions';

/**
 * Why a video cannot go to the channel its connection names, or null when it can. YouTube puts
 * an upload on the channel the Google consent was given for; the API lets no ordinary account
 * name another, so a connection made for another channel the account listed is refused rather
 * than published on the wrong channel.
 */
export function otherChannelRefusal(account: PublishingAccount | undefined): string | null {
  const channels = channelsOf(account);
  const chosen = channels?.chosen ?? null;
  if (channels === null || chosen === null || chosen.id === channels.consentChannelId) return null;
  return (
    `YouTube uploads to the channel this Google consent was given for (${channels.consentChannelId}), not to ${chosen.name} (${chosen.id}) ` +
    `chosen for this connection: connect again and pick ${chosen.name} on Google’s screen`
  );
}

/** The consent's channel (the connection's account) and the one its owner chose; without an account, every connection publishes as its consent's channel. */
function channelsOf(account: PublishingAccount | undefined): YouTubeChannelChoice | null {
  if (account?.accountId == null) return null;
  const chosen = account.publishAs?.kind === 'channel' ? { id: account.publishAs.id, name: account.publishAs.name } : null;
  return { consentChannelId: account.accountId, chosen };
}
