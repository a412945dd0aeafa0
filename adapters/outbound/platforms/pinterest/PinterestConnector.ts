import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { PinterestAuthorization } from './PinterestAuthorization';
import { type PinterestOptions, pinterestSettings } from './PinterestOptions';
import { PinterestPublisher } from './PinterestPublisher';
import { PinterestTokens } from './PinterestTokens';

/** Pinterest (API v5): OAuth 2.0 code flow, continuous refresh, pins to a board from images or a video. */
export class PinterestConnector implements PlatformConnector {
  readonly platform: Platform = 'PINTEREST';
  readonly authorization: PinterestAuthorization;
  readonly tokens: PinterestTokens;
  readonly publisher: PinterestPublisher;

  constructor(options: PinterestOptions) {
    const settings = pinterestSettings(options);
    this.authorization = new PinterestAuthorization(settings);
    this.tokens = new PinterestTokens(settings);
    this.publisher = new PinterestPublisher(settings);
  }
}

export function pinterestConnector(options: PinterestOptions): PinterestConnector {
  return new PinterestConnector(options);
}
