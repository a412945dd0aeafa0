import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { LinkedInAuthorization } from './LinkedInAuthorization';
import { type LinkedInOptions, linkedInSettings } from './LinkedInOptions';
import { LinkedInPublisher } from './LinkedInPublisher';
import { LinkedInTokens } from './LinkedInTokens';

/** LinkedIn: OAuth 2.0 code flow, refresh where LinkedIn grants refresh tokens, posts and comments. */
export class LinkedInConnector implements PlatformConnector {
  readonly platform: Platform = 'LINKEDIN';
  readonly authorization: LinkedInAuthorization;
  readonly tokens: LinkedInTokens;
  readonly publisher: LinkedInPublisher;

  constructor(options: LinkedInOptions, now: () => Date = () => new Date()) {
    const settings = linkedInSettings(options);
    this.authorization = new LinkedInAuthorization(settings, now);
    this.tokens = new LinkedInTokens(settings, now);
    this.publisher = new LinkedInPublisher(settings, now);
  }
}

export function linkedinConnector(options: LinkedInOptions, now?: () => Date): LinkedInConnector {
  return new LinkedInConnector(options, now);
}
