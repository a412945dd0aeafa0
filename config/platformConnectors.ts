import { type AppPasswordLogin } from '../application/ports/platforms/AppPasswordLogin';
import { type PlatformConnector } from '../application/ports/platforms/PlatformConnector';
import { guardedFetch } from '../adapters/outbound/http/guardedFetch';
import { type OutboundAddressGuard } from '../adapters/outbound/http/OutboundAddressGuard';
import { blueskyConnector } from '../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { farcasterConnector } from '../adapters/outbound/platforms/farcaster/FarcasterConnector';
import { facebookConnector } from '../adapters/outbound/platforms/facebook/FacebookConnector';
import { instagramConnector } from '../adapters/outbound/platforms/instagram/InstagramConnector';
import { linkedinConnector } from '../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { pinterestConnector } from '../adapters/outbound/platforms/pinterest/PinterestConnector';
import { threadsConnector } from '../adapters/outbound/platforms/threads/ThreadsConnector';
import { tiktokConnector } from '../adapters/outbound/platforms/tiktok/TikTokConnector';
import { twitterConnector } from '../adapters/outbound/platforms/twitter/TwitterConnector';
import { youtubeConnector } from '../adapters/outbound/platforms/youtube/YouTubeConnector';
import { type ConnectionRepository } from '../domain/connection/ConnectionRepository';
import { type Config } from './env';
import { type OAuthAppConfig } from './platformsConfig';

/** An app's credentials and addresses as the connectors' options spell them (unset addresses: the platform's own). */
const appOptions = (app: OAuthAppConfig) => ({
  clientId: app.clientId,
  clientSecret: app.clientSecret,
  apiBaseUrl: app.apiBaseUrl ?? undefined,
  authBaseUrl: app.authBaseUrl ?? undefined,
});

/**
 * The connectors this service runs with: Bluesky always (it needs no app credentials), and
 * each OAuth platform whose app credentials are configured (README, "Connecting accounts").
 */
export function configuredConnectors(
  config: Config,
  connections: ConnectionRepository,
  guard: OutboundAddressGuard,
): { connectors: PlatformConnector[]; appPasswordLogin: AppPasswordLogin } {
  const { platforms } = config;
  // An account's server is the user's to name, so every Bluesky call goes through the guard.
  const bluesky = blueskyConnector({ fetch: guardedFetch(guard) });
  const connectors: PlatformConnector[] = [bluesky];
  if (platforms.linkedin !== null) {
    connectors.push(
      linkedinConnector({
        ...appOptions(platforms.linkedin),
        organizations: platforms.linkedin.organizations,
        // The member the connection was made for, and the organization its owner picked.
        authorOf: async (connectionId) => {
          const connection = await connections.findById(connectionId);
          if (connection?.accountId == null) return null;
          return { memberId: connection.accountId, organizationId: connection.publishAs?.kind === 'organization' ? connection.publishAs.id : null };
        },
      }),
    );
  }
  if (platforms.twitter !== null) {
    connectors.push(twitterConnector({ ...appOptions(platforms.twitter), usernameOf: async (id) => (await connections.findById(id))?.handle ?? null }));
  }
  if (platforms.threads !== null) connectors.push(threadsConnector(appOptions(platforms.threads)));
  if (platforms.youtube !== null) {
    connectors.push(
      youtubeConnector({
        ...appOptions(platforms.youtube),
        tokenBaseUrl: platforms.youtube.tokenBaseUrl ?? undefined,
        // The channel the consent was given for, and the one the connection's owner picked.
        channelOf: async (id) => {
          const connection = await connections.findById(id);
          if (connection?.accountId == null) return null;
          const chosen = connection.publishAs?.kind === 'channel' ? { id: connection.publishAs.id, name: connection.publishAs.name } : null;
          return { consentChannelId: connection.accountId, chosen };
        },
      }),
    );
  }
  if (platforms.instagram !== null) {
    connectors.push(instagramConnector({ ...appOptions(platforms.instagram), tokenBaseUrl: platforms.instagram.tokenBaseUrl ?? undefined }));
  }
  // A Page, a board: what the connection's owner chose to publish as (POST …/connections/{id}/target).
  const chosen = async (id: string, kind: 'page' | 'board') => {
    const publishAs = (await connections.findById(id))?.publishAs;
    return publishAs?.kind === kind ? publishAs.id : null;
  };
  if (platforms.facebook !== null) {
    connectors.push(
      facebookConnector({
        ...appOptions(platforms.facebook),
        pageOf: async (id) => {
          const pageId = await chosen(id, 'page');
          return pageId === null ? null : { pageId };
        },
      }),
    );
  }
  if (platforms.pinterest !== null) connectors.push(pinterestConnector({ ...appOptions(platforms.pinterest), boardOf: (id) => chosen(id, 'board') }));
  if (platforms.tiktok !== null) {
    const { clientId, ...rest } = appOptions(platforms.tiktok);
    connectors.push(tiktokConnector({ ...rest, clientKey: clientId }));
  }
  if (platforms.farcaster !== null) connectors.push(farcasterConnector(platforms.farcaster));
  const appPasswordLogin: AppPasswordLogin = {
    login: ({ service, handle, appPassword }) => bluesky.login({ service, identifier: handle, appPassword }),
  };
  return { connectors, appPasswordLogin };
}
