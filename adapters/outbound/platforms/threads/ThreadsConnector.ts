import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { ThreadsAuthorization } from './ThreadsAuthorization';
import { type ThreadsOptions, threadsSettings } from './ThreadsOptions';
import { ThreadsPublisher } from './ThreadsPublisher';
import { ThreadsTokens } from './ThreadsTokens';

/** Threads (Meta): code flow to a long-lived token refreshed in place, posts as containers, threads as replies. */
export class ThreadsConnector implements PlatformConnector {
  readonly platform: Platform = 'THREADS';
  readonly authorization: ThreadsAuthorization;
  readonly tokens: ThreadsTokens;
  readonly publisher: ThreadsPublisher;

  constructor(options: ThreadsOptions) {
    const settings = threadsSettings(options);
    this.authorization = new ThreadsAuthorization(settings);
    this.tokens = new ThreadsTokens(settings);
    this.publisher = new ThreadsPublisher(settings);
  }
}

export function threadsConnector(options: ThreadsOptions): ThreadsConnector {
  return new ThreadsConnector(options);
}
