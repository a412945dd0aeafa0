import { type FreshGrants } from '../connections/FreshGrants';
import { type MarkNeedsReconnect } from '../connections/MarkNeedsReconnect';
import { type PlatformConnectors, withSetup } from '../connections/PlatformConnectors';
import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Clock } from '../ports/Clock';
import { type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';
import { type GrantFailure } from '../ports/platforms/GrantFailure';
import { type MediaAccess, type PlatformConnector, type PublishingAccount } from '../ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../ports/platforms/PlatformGrant';
import { FIRST_READ_AFTER_SECONDS, type ReadBack } from './ReadBack';
import { type ReadBackState, readBackStateOf } from './readBackCheckpoint';
import { type PublisherOfConnection } from './SandboxRouting';

/**
 * Publishing to a real connection: its platform's connector, with the connection's grant
 * kept fresh (FreshGrants). A grant the platform refuses is renewed once and the call made
 * once more (the first was refused, so nothing was posted); refused again, the connection
 * needs reconnecting. Failures that are the platform's trouble are kept as the connection's
 * last error (docs/decisions.md, "Connections"). The connection comes read (SandboxRouting);
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
    private readonly settler: ReadBack,
  ) {}

  async publish(segment: SegmentToPublish, read?: Connection | null): Promise<PublishOutcome> {
    const platform = segment.settings.platform;
    const connector = this.connectors.get(platform);
    if (connector === null) {
      // Permanent and readable rather than a crash or a silent skip: what to configure is named.
      return {
        kind: 'rejected',
        reason: withSetup(`this service cannot publish to ${platform}: it is not configured here`, this.connectors.setupOf(platform)),
      };
    }
    const connection = read === undefined ? await this.connections.findById(segment.connectionId) : read;
    if (connection === null) return { kind: 'rejected', reason: 'the connection was removed' };
    if (connection.status !== 'active') {
      return { kind: 'needsReconnect', reason: connection.statusReason ?? `the connection is ${connection.status}; connect the account again` };
    }
    const readBack = readBackStateOf(segment.checkpoint);
    const account = accountOf(connection);
    const act: Act =
      readBack === null
        ? (grant) => connector.publisher.publish(segment, grant, this.media, account, (renewed) => this.grants.keep(connection, renewed))
        : (grant) => this.readBack(segment, readBack, connector, account, grant);
    let outcome = await this.withGrant(connection, connector, act, false);
    if (outcome.kind === 'needsReconnect') outcome = await this.withGrant(connection, connector, act, true);
    // A lost answer where the account can be read back: the engine reads it back before deciding.
    if (outcome.kind === 'outcomeUnknown' && readBack === null && connector.reader !== undefined) {
      outcome = { ...outcome, readBackAfterSeconds: Math.min(FIRST_READ_AFTER_SECONDS, connector.reader.visibleWithinSeconds) };
    }
    if (outcome.kind === 'needsReconnect') {
      await this.reconnect.run(connection, outcome.reason);
    } else if (outcome.kind === 'retryLater' || outcome.kind === 'outcomeUnknown') {
      connection.recordError(outcome.reason, this.clock.now());
      await this.connections.save(connection);
    }
    return outcome;
  }

  private async withGrant(connection: Connection, connector: PlatformConnector, act: Act, renew: boolean): Promise<PublishOutcome> {
    const grant = await this.grants.of(connection, connector, renew);
    return grant.ok ? act(grant.grant) : outcomeOf(grant.failure);
  }

  private readBack(segment: SegmentToPublish, state: ReadBackState, connector: PlatformConnector, account: PublishingAccount, grant: PlatformGrant) {
    if (connector.reader === undefined) {
      return Promise.resolve<PublishOutcome>({ kind: 'outcomeUnknown', reason: `${state.reason}; ${connector.platform} accounts cannot be read back` });
    }
    return this.settler.settle(segment, state, connector.reader, account, grant);
  }
}

type Act = (grant: PlatformGrant) => Promise<PublishOutcome>;

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
