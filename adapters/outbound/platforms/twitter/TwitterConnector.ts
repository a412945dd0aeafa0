import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { TwitterAuthorization } from './TwitterAuthorization';
import { type TwitterOptions, twitterSettings } from './TwitterOptions';
import { TwitterPublisher } from './TwitterPublisher';
import { TwitterTokens } from './TwitterTokens';

/** X (Twitter): OAuth 2.0 with PKCE, rotating refresh tokens, tweets and threads with images or a video. */
export class TwitterConnector implements PlatformConnector {
  readonly platform: Platform = 'TWITTER';
  readonly authorization: TwitterAuthorization;
  readonly tokens: TwitterTokens;
  readonly publisher: TwitterPublisher;

  constructor(options: TwitterOptions) {
    const settings = twitterSettings(options);
    this.authorization = new TwitterAuthorization(settings);
    this.tokens = new TwitterTokens(settings);
    this.publisher = new TwitterPublisher(settings);
  }
}

export function twitterConnector(options: TwitterOptions): TwitterConnector {
  return new TwitterConnector(options);
}
