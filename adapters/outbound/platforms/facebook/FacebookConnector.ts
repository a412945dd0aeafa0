import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { FacebookAuthorization } from './FacebookAuthorization';
import { type FacebookOptions, facebookSettings } from './FacebookOptions';
import { FacebookPublisher } from './FacebookPublisher';
import { FacebookTokens } from './FacebookTokens';

/** Facebook Pages: Facebook Login's code flow, a long-lived user token, and posts and comments as a Page. */
export class FacebookConnector implements PlatformConnector {
  readonly platform: Platform = 'FACEBOOK';
  readonly authorization: FacebookAuthorization;
  readonly tokens: FacebookTokens;
  readonly publisher: FacebookPublisher;

  constructor(options: FacebookOptions) {
    const settings = facebookSettings(options);
    this.authorization = new FacebookAuthorization(settings);
    this.tokens = new FacebookTokens(settings);
    this.publisher = new FacebookPublisher(settings);
  }
}

export function facebookConnector(options: FacebookOptions): FacebookConnector {
  return new FacebookConnector(options);
}
