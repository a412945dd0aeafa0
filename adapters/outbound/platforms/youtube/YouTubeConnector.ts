import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { YouTubeAuthorization } from './YouTubeAuthorization';
import { type YouTubeOptions, youTubeSettings } from './YouTubeOptions';
import { YouTubePublisher } from './YouTubePublisher';
import { YouTubeTokens } from './YouTubeTokens';

/** YouTube: Google's OAuth 2.0 code flow with PKCE, refresh, resumable video uploads and comments. */
export class YouTubeConnector implements PlatformConnector {
  readonly platform: Platform = 'YOUTUBE';
  readonly authorization: YouTubeAuthorization;
  readonly tokens: YouTubeTokens;
  readonly publisher: YouTubePublisher;

  constructor(options: YouTubeOptions) {
    const settings = youTubeSettings(options);
    this.authorization = new YouTubeAuthorization(settings);
    this.tokens = new YouTubeTokens(settings);
    this.publisher = new YouTubePublisher(settings);
  }
}

export function youtubeConnector(options: YouTubeOptions): YouTubeConnector {
  return new YouTubeConnector(options);
}
