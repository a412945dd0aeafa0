import { type Clock } from '../application/ports/Clock';
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
import { type Config } from './env';
import { type OAuthAppConfig } from './platformsConfig';

/** An app's credentials and addresses as the connectors' options spell them (unset addresses: the platform's own), and the service's clock. */
const appOptions = (app: OAuthAppConfig, clock: Clock) => ({
  now: () => clock.now(),
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
  guard: OutboundAddressGuard,
  clock: Clock,
): { connectors: PlatformConnector[]; appPasswordLogin: AppPasswordLogin } {
  const { platforms } = config;
  // An account's server is the user's to name, so every Bluesky call goes through the guard.
  const bluesky = blueskyConnector({ fetch: guardedFetch(guard), appViewUrl: platforms.blueskyAppViewUrl, clock: () => clock.now() });
  const connectors: PlatformConnector[] = [bluesky];
  if (platforms.linkedin !== null) {
    connectors.push(linkedinConnector({ ...appOptions(platforms.linkedin, clock), organizations: platforms.linkedin.organizations }));
  }
  if (platforms.twitter !== null) connectors.push(twitterConnector(appOptions(platforms.twitter, clock)));
  if (platforms.threads !== null) connectors.push(threadsConnector(appOptions(platforms.threads, clock)));
  if (platforms.youtube !== null) {
    connectors.push(youtubeConnector({ ...appOptions(platforms.youtube, clock), tokenBaseUrl: platforms.youtube.tokenBaseUrl ?? undefined }));
  }
  if (platforms.instagram !== null) {
    connectors.push(instagramConnector({ ...appOptions(platforms.instagram, clock), tokenBaseUrl: platforms.instagram.tokenBaseUrl ?? undefined }));
  }
  // What a connection publishes as (its member, Page, board or channel) comes with each call (PublishingAccount).
  if (platforms.facebook !== null) connectors.push(facebookConnector(appOptions(platforms.facebook, clock)));
  if (platforms.pinterest !== null) connectors.push(pinterestConnector(appOptions(platforms.pinterest, clock)));
  if (platforms.tiktok !== null) {
    const { clientId, ...rest } = appOptions(platforms.tiktok, clock);
    connectors.push(tiktokConnector({ ...rest, clientKey: clientId, videoList: platforms.tiktok.videoList }));
  }
  if (platforms.farcaster !== null) connectors.push(farcasterConnector({ ...platforms.farcaster, now: () => clock.now() }));
  const appPasswordLogin: AppPasswordLogin = {
    login: ({ service, handle, appPassword }) => bluesky.login({ service, identifier: handle, appPassword }),
  };
  return { connectors, appPasswordLogin };
}
