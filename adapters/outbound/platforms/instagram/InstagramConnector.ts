import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { InstagramAuthorization } from './InstagramAuthorization';
import { type InstagramOptions, instagramSettings } from './InstagramOptions';
import { InstagramPublisher } from './InstagramPublisher';
import { InstagramTokens } from './InstagramTokens';

/** Instagram (API with Instagram Login): code flow, a self-renewing long-lived token, posts and comments. */
export class InstagramConnector implements PlatformConnector {
  readonly platform: Platform = 'INSTAGRAM';
  readonly authorization: InstagramAuthorization;
  readonly tokens: InstagramTokens;
  readonly publisher: InstagramPublisher;

  constructor(options: InstagramOptions) {
    const settings = instagramSettings(options);
    this.authorization = new InstagramAuthorization(settings);
    this.tokens = new InstagramTokens(settings);
    this.publisher = new InstagramPublisher(settings);
  }
}

export function instagramConnector(options: InstagramOptions): InstagramConnector {
  return new InstagramConnector(options);
}
