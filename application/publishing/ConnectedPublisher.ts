import { type FreshGrants } from '../connections/FreshGrants';
import { type MarkNeedsReconnect } from '../connections/MarkNeedsReconnect';
import { type PlatformConnectors } from '../connections/PlatformConnectors';
import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Clock } from '../ports/Clock';
import { type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';
import { type GrantFailure } from '../ports/platforms/GrantFailure';
import { type MediaAccess, type PublishingAccount } from '../ports/platforms/PlatformConnector';
import { type PublisherOfConnection } from './PlatformPublishers';

/**
 * Publishing to a real connection: its platform's connector, with the connection's grant
 * kept fresh (FreshGrants). A grant the platform refuses is renewed once and the call made
 * once more (the first was refused, so nothing was posted); refused again, the connection
 * needs reconnecting. Failures that are the platform's trouble are kept as the connection's
 * last error (docs/decisions.md, "Connections"). The connection comes read (PlatformPublishers);
 * it is read here only when none was handed on, and the connector gets its account facts.
 */
export class ConnectedPublisher implements PublisherOfConnection {
  constructor(
    private readonly connectors: PlatformConnectors,
    private readonly connections: ConnectionRepository,
    private readonly grants: FreshGrants,
    private readonly media: MediaAccess,
    private readonly clock: Clock,
    private readonly reconnect: MarkNeedsReconnect,
  ) {}

  async publish(segment: SegmentToPublish, read?: Connection | null): Promise<PublishOutcome> {
    const platform = segment.settings.platform;
    const connector = this.connectors.get(platform);
    if (connector === null) return { kind: 'rejected', reason: `${platform} is not configured on this service (README, "Connecting accounts")` };
    const connection = read === undefined ? await this.connections.findById(segment.connectionId) : read;
    if (connection === null) return { kind: 'rejected', reason: 'the connection was removed' };
    if (connection.status !== 'active') {
      return { kind: 'needsReconnect', reason: connection.statusReason ?? `the connection is ${connection.status}; connect the account again` };
    }
    let outcome = await this.withGrant(connection, connector, segment, false);
    if (outcome.kind === 'needsReconnect') outcome = await this.withGrant(connection, connector, segment, true);
    if (outcome.kind === 'needsReconnect') {
      await this.reconnect.run(connection, outcome.reason);
    } else if (outcome.kind === 'retryLater' || outcome.kind === 'outcomeUnknown') {
      connection.recordError(outcome.reason, this.clock.now());
      await this.connections.save(connection);
    }
    return outcome;
  }

  private async withGrant(
    connection: Parameters<FreshGrants['of']>[0],
    connector: Parameters<FreshGrants['of']>[1],
    segment: SegmentToPublish,
    renew: boolean,
  ): Promise<PublishOutcome> {
    const grant = await this.grants.of(connection, connector, renew);
    if (!grant.ok) return outcomeOf(grant.failure);
    return connector.publisher.publish(segment, grant.grant, this.media, accountOf(connection), (renewed) => this.grants.keep(connection, renewed));
  }
}

/** Nothing was sent when the grant could not be had: a renewal's failure says what to do. */
function outcomeOf(failure: GrantFailure): PublishOutcome {
  switch (failure.kind) {
    case 'reconnect':
      return { kind: 'needsReconnect', reason: failure.reason };
    case 'retryLater':
      return { kind: 'retryLater', afterSeconds: failure.afterSeconds, reason: failure.reason };
    case 'rejected':
      return { kind: 'rejected', reason: failure.reason };
  }
}

/** The account facts a connector publishes with, from the connection already read. */
function accountOf(connection: Connection): PublishingAccount {
  return { accountId: connection.accountId, handle: connection.handle, publishAs: connection.publishAs };
}
