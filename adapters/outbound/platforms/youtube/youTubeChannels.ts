import { googleMessage } from './youTubeErrors';
import { bearer, callGoogle, parseJson } from './YouTubeHttp';
import { type YouTubeSettings } from './YouTubeOptions';

export interface YouTubeChannel {
  readonly id: string;
  readonly title: string;
  /** The channel's `customUrl` (`@name`), or its title when it has none. */
  readonly handle: string;
  readonly avatarUrl: string | null;
}

interface ChannelItem {
  id?: unknown;
  snippet?: { title?: unknown; customUrl?: unknown; thumbnails?: { default?: { url?: unknown } } };
}

function channelOf(item: ChannelItem): YouTubeChannel | null {
  if (typeof item.id !== 'string') return null;
  const title = typeof item.snippet?.title === 'string' ? item.snippet.title : item.id;
  const custom = item.snippet?.customUrl;
  const avatar = item.snippet?.thumbnails?.default?.url;
  return { id: item.id, title, handle: typeof custom === 'string' ? custom : title, avatarUrl: typeof avatar === 'string' ? avatar : null };
}

/** `GET /youtube/v3/channels?part=snippet&mine=true`: the channels of the grant; throws when there are none. */
export async function myChannels(settings: YouTubeSettings, accessToken: string): Promise<YouTubeChannel[]> {
  const url = `${settings.apiBaseUrl}/youtube/v3/channels?part=snippet&mine=true&maxResults=50`;
  const answer = await callGoogle(settings, { method: 'GET', url, headers: bearer(accessToken) });
  if (answer.kind !== 'answered') throw new Error(`YouTube did not list the channels: ${answer.reason}`);
  if (answer.status !== 200) throw new Error(`YouTube did not list the channels: ${googleMessage(answer.text, answer.status)}`);
  const items = (parseJson(answer.text) as { items?: ChannelItem[] } | null)?.items ?? [];
  const channels = items.map(channelOf).filter((c): c is YouTubeChannel => c !== null);
  if (channels.length === 0) throw new Error('This Google account has no YouTube channel: create one on YouTube, then connect again');
  return channels;
}
