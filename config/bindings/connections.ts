import { AuthorizeConnection } from '../../application/connections/AuthorizeConnection';
import { AuthorizeSigner } from '../../application/connections/AuthorizeSigner';
import { ConnectApprovedSigners } from '../../application/connections/ConnectApprovedSigners';
import { ChoosePublishAs } from '../../application/connections/ChoosePublishAs';
import { CompleteConnection } from '../../application/connections/CompleteConnection';
import { ConnectWithAppPassword } from '../../application/connections/ConnectWithAppPassword';
import { DisconnectConnection } from '../../application/connections/DisconnectConnection';
import { FreshGrants } from '../../application/connections/FreshGrants';
import { KeepGrantsAlive } from '../../application/connections/KeepGrantsAlive';
import { ListPlatforms } from '../../application/connections/ListPlatforms';
import { PlatformConnectors } from '../../application/connections/PlatformConnectors';
import { LibraryMediaAccess } from '../../application/media/LibraryMediaAccess';
import { ConnectedPublisher } from '../../application/publishing/ConnectedPublisher';
import { ReadBack } from '../../application/publishing/ReadBack';
import { GuardedAddressPolicy } from '../../adapters/outbound/http/GuardedAddressPolicy';
import { NodePkceChallenges } from '../../adapters/outbound/crypto/NodePkceChallenges';
import { SecretBox } from '../../adapters/outbound/keys/SecretBox';
import { MemoryConnectStates } from '../../adapters/outbound/persistence/memory/MemoryConnectStates';
import { MemoryPendingSigners } from '../../adapters/outbound/persistence/memory/MemoryPendingSigners';
import { TypeOrmConnectStates } from '../../adapters/outbound/persistence/typeorm/credentials/TypeOrmConnectStates';
import { TypeOrmPendingSigners } from '../../adapters/outbound/persistence/typeorm/credentials/TypeOrmPendingSigners';
import { type Config } from '../env';
import { resolveSecretKey } from '../secretKey';
import { configuredConnectors } from '../platformConnectors';
import { platformSetups } from '../platformsConfig';
import { TOKENS as T } from '../tokens';
import { type Stores } from '../capabilities/Capability';
import { type Wiring } from '../Wiring';

/** Connecting accounts and publishing to them through each platform's connector (docs/decisions.md, "Connections"). */
export function bindConnections(w: Wiring, config: Config, stores: Stores): void {
  w.build(T.ConfiguredConnectors, [T.OutboundAddressGuard, T.Clock], (guard, clock) => configuredConnectors(config, guard, clock));
  w.build(T.PlatformConnectors, [T.ConfiguredConnectors], (configured) => new PlatformConnectors(configured.connectors, platformSetups(config.http.baseUrl)));
  w.build(T.AppPasswordLogin, [T.ConfiguredConnectors], (configured) => configured.appPasswordLogin);
  w.construct(T.FreshGrants, FreshGrants, [T.ConnectionCredentials, T.MarkNeedsReconnect, T.Clock]);
  w.construct(T.MediaAccess, LibraryMediaAccess, [T.MediaRepository, T.MediaStore, T.MediaLinks]);
  w.construct(T.ConnectedPublisher, ConnectedPublisher, [
    T.PlatformConnectors,
    T.ConnectionRepository,
    T.FreshGrants,
    T.MediaAccess,
    T.Clock,
    T.MarkNeedsReconnect,
    T.ReadBack,
  ]);
  w.construct(T.ReadBack, ReadBack, [T.Clock]);
  w.construct(T.ListPlatforms, ListPlatforms, [T.PlatformConnectors]);
  w.build(T.AddressPolicy, [T.OutboundAddressGuard], (guard) => new GuardedAddressPolicy(guard));
  w.construct(T.ConnectWithAppPassword, ConnectWithAppPassword, [
    T.AppPasswordLogin,
    T.AddressPolicy,
    T.ConnectionRepository,
    T.ConnectionCredentials,
    T.UnitOfWork,
    T.IdGenerator,
    T.Clock,
  ]);
  w.value(T.ConnectSettings, { baseUrl: config.http.baseUrl, returnToOrigins: config.platforms.returnToOrigins, stateTtlSeconds: 600 });
  w.value(T.PkceChallenges, new NodePkceChallenges());
  w.build(T.ConnectStates, [], () =>
    stores.pick({ database: (ds) => new TypeOrmConnectStates(ds, new SecretBox(resolveSecretKey(config.secrets))), memory: () => new MemoryConnectStates() }),
  );
  w.build(T.PendingSigners, [], () =>
    stores.pick({ database: (ds) => new TypeOrmPendingSigners(ds, new SecretBox(resolveSecretKey(config.secrets))), memory: () => new MemoryPendingSigners() }),
  );
  w.construct(T.AuthorizeSigner, AuthorizeSigner, [T.PendingSigners, T.IdGenerator]);
  w.construct(T.AuthorizeConnection, AuthorizeConnection, [
    T.PlatformConnectors,
    T.ConnectStates,
    T.RandomSource,
    T.SecretHasher,
    T.PkceChallenges,
    T.Clock,
    T.ConnectSettings,
    T.AuthorizeSigner,
  ]);
  w.construct(T.ConnectApprovedSigners, ConnectApprovedSigners, [
    T.PendingSigners,
    T.PlatformConnectors,
    T.ConnectionRepository,
    T.ConnectionCredentials,
    T.UnitOfWork,
    T.IdGenerator,
    T.Clock,
  ]);
  w.construct(T.CompleteConnection, CompleteConnection, [
    T.PlatformConnectors,
    T.ConnectStates,
    T.SecretHasher,
    T.ConnectionRepository,
    T.ConnectionCredentials,
    T.UnitOfWork,
    T.IdGenerator,
    T.Clock,
    T.ConnectSettings,
  ]);
  w.construct(T.ChoosePublishAs, ChoosePublishAs, [
    T.PlatformConnectors,
    T.ConnectionRepository,
    T.ConnectionCredentials,
    T.UnitOfWork,
    T.IdGenerator,
    T.Clock,
  ]);
  w.construct(T.KeepGrantsAlive, KeepGrantsAlive, [T.ConnectionCredentials, T.ConnectionRepository, T.PlatformConnectors, T.FreshGrants, T.Clock]);
  w.construct(T.DisconnectConnection, DisconnectConnection, [
    T.ConnectionRepository,
    T.ConnectionCredentials,
    T.PlatformConnectors,
    T.UnitOfWork,
    T.EventSink,
    T.Clock,
    T.Logger,
  ]);
}
