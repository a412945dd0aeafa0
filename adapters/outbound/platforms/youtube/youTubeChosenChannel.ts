import { type YouTubeSettings } from './YouTubeOptions';

/**
 * Why a video cannot go to the channel its connection names, or null when it can. YouTube puts
 * an upload on the channel the Google consent was given for; the API lets no ordinary account
 * name another, so a connection made for another channel the account listed is refused rather
 * than published on the wrong channel.
 */
export async function otherChannelRefusal(settings: YouTubeSettings, connectionId: string): Promise<string | null> {
  const channels = settings.channelOf === null ? null : await settings.channelOf(connectionId);
  const chosen = channels?.chosen ?? null;
  if (channels === null || chosen === null || chosen.id === channels.consentChannelId) return null;
  return (
    `YouTube uploads to the channel this Google consent was given for (${channels.consentChannelId}), not to ${chosen.name} (${chosen.id}) ` +
    `chosen for this connection: connect again and pick ${chosen.name} on Google’s screen`
  );
}
