import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';
import { readBackStateOf } from './readBackCheckpoint';

/** The sandbox platform's publisher and where to learn whether a connection is a sandbox one. */
export interface SandboxRoute {
  readonly connections: ConnectionRepository;
  readonly publisher: PlatformPublisher;
}

/**
 * A publisher handed the segment's connection where SandboxRouting read it (null: the
 * connection was removed), so it need not read it again.
 */
export interface PublisherOfConnection {
  publish(segment: SegmentToPublish, connection?: Connection | null): Promise<PublishOutcome>;
}

/**
 * Picks the publisher of a segment: the sandbox's when the target's connection is a sandbox
 * one, whatever its platform; otherwise the real one, which finds the platform's connector or
 * refuses readably (docs/decisions.md, "The sandbox platform"). The connection is read here
 * once per segment and handed on, so the real publisher never reads it again.
 */
export class SandboxRouting implements PlatformPublisher {
  constructor(
    private readonly real: PublisherOfConnection,
    private readonly sandbox: SandboxRoute,
  ) {}

  async publish(segment: SegmentToPublish): Promise<PublishOutcome> {
    const connection = await this.sandbox.connections.findById(segment.connectionId);
    if (connection?.isSandbox !== true) return this.real.publish(segment, connection);
    // A sandbox account is never read back (ReadBackSupport); a checkpoint saying otherwise is not published again.
    const readBack = readBackStateOf(segment.checkpoint);
    if (readBack !== null) return { kind: 'outcomeUnknown', reason: readBack.reason };
    return this.sandbox.publisher.publish(segment);
  }
}
