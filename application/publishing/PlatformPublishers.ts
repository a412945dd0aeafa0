import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Platform } from '../../domain/platform/Platform';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';

/** The sandbox platform's publisher and where to learn whether a connection is a sandbox one. */
export interface SandboxRoute {
  readonly connections: ConnectionRepository;
  readonly publisher: PlatformPublisher;
}

/**
 * Picks the publisher of a segment: the sandbox's when the target's connection is a sandbox
 * one, whatever its platform; otherwise its platform's (from the target's settings)
 * (docs/decisions.md, "The sandbox platform"). A platform without one is a permanent,
 * readable failure rather than a crash or a silent skip.
 */
export class PlatformPublishers implements PlatformPublisher {
  private readonly byPlatform: ReadonlyMap<Platform, PlatformPublisher>;

  constructor(
    publishers: Iterable<readonly [Platform, PlatformPublisher]>,
    private readonly sandbox: SandboxRoute | null = null,
  ) {
    this.byPlatform = new Map(publishers);
  }

  has(platform: Platform): boolean {
    return this.byPlatform.has(platform);
  }

  async publish(segment: SegmentToPublish): Promise<PublishOutcome> {
    if (this.sandbox !== null && (await this.sandbox.connections.findById(segment.connectionId))?.isSandbox === true) {
      return this.sandbox.publisher.publish(segment);
    }
    const publisher = this.byPlatform.get(segment.settings.platform);
    if (publisher === undefined) {
      return {
        kind: 'rejected',
        reason: `this service cannot publish to ${segment.settings.platform}: it is not configured here (README, "Connecting accounts")`,
      };
    }
    return publisher.publish(segment);
  }
}
