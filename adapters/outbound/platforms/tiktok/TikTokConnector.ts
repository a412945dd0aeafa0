import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { TikTokAuthorization } from './TikTokAuthorization';
import { type TikTokOptions, tiktokSettings } from './TikTokOptions';
import { TikTokPublisher } from './TikTokPublisher';
import { TikTokTokens } from './TikTokTokens';

/** TikTok: Login Kit's OAuth 2.0 code flow, refresh with rotation, and the Content Posting API's direct post. */
export class TikTokConnector implements PlatformConnector {
  readonly platform: Platform = 'TIKTOK';
  readonly authorization: TikTokAuthorization;
  readonly tokens: TikTokTokens;
  readonly publisher: TikTokPublisher;

  constructor(options: TikTokOptions) {
    const settings = tiktokSettings(options);
    this.authorization = new TikTokAuthorization(settings);
    this.tokens = new TikTokTokens(settings);
    this.publisher = new TikTokPublisher(settings);
  }
}

export function tiktokConnector(options: TikTokOptions): TikTokConnector {
  return new TikTokConnector(options);
}
