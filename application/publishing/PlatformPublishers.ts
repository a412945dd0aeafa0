import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Platform } from '../../domain/platform/Platform';
import { type PlatformConnectors, withSetup } from '../connections/PlatformConnectors';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';
import { readBackStateOf } from './readBackCheckpoint';

/** The sandbox platform's publisher and where to learn whether a connection is a sandbox one. */
export interface SandboxRoute {
  readonly connections: ConnectionRepository;
  readonly publisher: PlatformPublisher;
}

/**
 * A platform's publisher, handed the segment's connection where PlatformPublishers read it
 * (null: the connection was removed); one composed without a SandboxRoute hands none on.
 */
export interface PublisherOfConnection {
  publish(segment: SegmentToPublish, connection?: Connection | null): Promise<PublishOutcome>;
}

/**
 * Picks the publisher of a segment: the sandbox's when the target's connection is a sandbox
 * one, whatever its platform; otherwise its platform's (from the target's settings)
 * (docs/decisions.md, "The sandbox platform"). A platform without one is a permanent,
 * readable failure rather than a crash or a silent skip. The connection is read here once per
 * segment and handed on, so the platform's publisher never reads it again.
 */
export class PlatformPublishers implements PlatformPublisher {
  private readonly byPlatform: ReadonlyMap<Platform, PublisherOfConnection>;

  constructor(
    publishers: Iterable<readonly [Platform, PublisherOfConnection]>,
    private readonly sandbox: SandboxRoute | null = null,
    /** What would configure a platform without a publisher, told to whoever reads the failed target. */
    private readonly setups: Pick<PlatformConnectors, 'setupOf'> | null = null,
  ) {
    this.byPlatform = new Map(publishers);
  }

  has(platform: Platform): boolean {
    return this.byPlatform.has(platform);
  }

  async publish(segment: SegmentToPublish): Promise<PublishOutcome> {
    const connection = this.sandbox === null ? undefined : await this.sandbox.connections.findById(segment.connectionId);
    if (this.sandbox !== null && connection?.isSandbox === true) {
      // A sandbox account is never read back (ReadBackSupport); a checkpoint saying otherwise is not published again.
      const readBack = readBackStateOf(segment.checkpoint);
      if (readBack !== null) return { kind: 'outcomeUnknown', reason: readBack.reason };
      return this.sandbox.publisher.publish(segment);
    }
    const publisher = this.byPlatform.get(segment.settings.platform);
    if (publisher === undefined) {
      const platform = segment.settings.platform;
      return {
        kind: 'rejected',
        reason: withSetup(`this service cannot publish to ${platform}: it is not configured here`, this.setups?.setupOf(platform) ?? null),
      };
    }
    return connection === undefined ? publisher.publish(segment) : publisher.publish(segment, connection);
  }
}
