import { type Platform } from '../../domain/platform/Platform';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';

/**
 * Picks the publisher of a segment's platform (from its target's settings). A platform
 * without one is a permanent, readable failure rather than a crash or a silent skip.
 */
export class PlatformPublishers implements PlatformPublisher {
  private readonly byPlatform: ReadonlyMap<Platform, PlatformPublisher>;

  constructor(publishers: Iterable<readonly [Platform, PlatformPublisher]>) {
    this.byPlatform = new Map(publishers);
  }

  has(platform: Platform): boolean {
    return this.byPlatform.has(platform);
  }

  publish(segment: SegmentToPublish): Promise<PublishOutcome> {
    const publisher = this.byPlatform.get(segment.settings.platform);
    if (publisher === undefined) {
      return Promise.resolve({ kind: 'rejected', reason: `this service cannot publish to ${segment.settings.platform} yet: no publisher is installed for it` });
    }
    return publisher.publish(segment);
  }
}
