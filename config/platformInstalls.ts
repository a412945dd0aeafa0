import { farcasterConnector } from '../adapters/outbound/platforms/farcaster/FarcasterConnector';
import { facebookConnector } from '../adapters/outbound/platforms/facebook/FacebookConnector';
import { instagramConnector } from '../adapters/outbound/platforms/instagram/InstagramConnector';
import { linkedinConnector } from '../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { pinterestConnector } from '../adapters/outbound/platforms/pinterest/PinterestConnector';
import { threadsConnector } from '../adapters/outbound/platforms/threads/ThreadsConnector';
import { tiktokConnector } from '../adapters/outbound/platforms/tiktok/TikTokConnector';
import { twitterConnector } from '../adapters/outbound/platforms/twitter/TwitterConnector';
import { youtubeConnector } from '../adapters/outbound/platforms/youtube/YouTubeConnector';
import { type Platform } from '../domain/platform/Platform';
import { type Env, flag } from './envValues';
import { farcasterApp } from './farcasterConfig';
import { appOptions, oauthPlatform, type PlatformInstall } from './platformInstall';

/**
 * Every platform but Bluesky (always installed: it needs no app), keyed as the configuration
 * names it: what configures it and how its connector is built. Adding a platform to the
 * registry (domain/platform/Platform.ts) is refused by the compiler until its entry is here
 * (docs/recipes.md, "Adding a platform").
 */
export const PLATFORM_INSTALLS = {
  linkedin: oauthPlatform('LINKEDIN', (app, deps) => linkedinConnector({ ...appOptions(app, deps), organizations: app.organizations }), {
    extra: (env: Env) => ({ organizations: flag(env, 'LINKEDIN_ORGANIZATIONS', false) }),
  }),
  twitter: oauthPlatform('TWITTER', (app, deps) => twitterConnector(appOptions(app, deps))),
  threads: oauthPlatform('THREADS', (app, deps) => threadsConnector(appOptions(app, deps))),
  instagram: oauthPlatform('INSTAGRAM', (app, deps) => instagramConnector({ ...appOptions(app, deps), tokenBaseUrl: app.tokenBaseUrl ?? undefined })),
  // What a connection publishes as (its member, Page, board or channel) comes with each call (PublishingAccount).
  facebook: oauthPlatform('FACEBOOK', (app, deps) => facebookConnector(appOptions(app, deps))),
  pinterest: oauthPlatform('PINTEREST', (app, deps) => pinterestConnector(appOptions(app, deps))),
  // TikTok calls its client id a client key (TIKTOK_CLIENT_KEY); TIKTOK_VIDEO_LIST also asks for video.list, for figures.
  tiktok: oauthPlatform(
    'TIKTOK',
    (app, deps) => {
      const { clientId, ...rest } = appOptions(app, deps);
      return tiktokConnector({ ...rest, clientKey: clientId, videoList: app.videoList });
    },
    { idName: 'CLIENT_KEY', extra: (env: Env) => ({ videoList: flag(env, 'TIKTOK_VIDEO_LIST', false) }) },
  ),
  youtube: oauthPlatform('YOUTUBE', (app, deps) => youtubeConnector({ ...appOptions(app, deps), tokenBaseUrl: app.tokenBaseUrl ?? undefined })),
  // Farcaster through Neynar: its signers are approved in the account's app, so no callback URL.
  farcaster: farcasterApp((settings, { clock }) => farcasterConnector({ ...settings, now: () => clock.now() })),
} satisfies { readonly [P in Exclude<Platform, 'BLUESKY'> as Lowercase<P>]: PlatformInstall<unknown> & { readonly platform: P } };

export type InstalledPlatform = keyof typeof PLATFORM_INSTALLS;

/** What each installed platform's entry reads from the environment; null: not configured. */
export type InstalledSettings = { readonly [K in InstalledPlatform]: ReturnType<(typeof PLATFORM_INSTALLS)[K]['read']> };
