import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { CONNECTION_OPERATIONS } from '../../../adapters/inbound/http/operations/connectionOperations';
import { NodePkceChallenges } from '../../../adapters/outbound/crypto/NodePkceChallenges';
import { DisconnectConnection } from '../../../application/connections/DisconnectConnection';
import { FreshGrants } from '../../../application/connections/FreshGrants';
import { KeepGrantsAlive } from '../../../application/connections/KeepGrantsAlive';
import { ListConnections } from '../../../application/connections/ListConnections';
import { ListPlatforms } from '../../../application/connections/ListPlatforms';
import { MarkNeedsReconnect } from '../../../application/connections/MarkNeedsReconnect';
import { PlatformConnectors } from '../../../application/connections/PlatformConnectors';
import { LibraryMediaAccess } from '../../../application/media/LibraryMediaAccess';
import { type Capability } from '../Capability';
import { MEDIA_TOKENS } from '../media/media';
import { configuredConnectors } from '../../platformConnectors';
import { platformSetups } from '../../platformsConfig';
import { CORE_TOKENS } from '../../coreTokens';
import { bindConnectFlows, CONNECT_FLOW_TOKENS } from './connectFlows';
import { token } from '../../Wiring';
import { type MediaAccess } from '../../../application/ports/platforms/PlatformConnector';

/** Connected accounts: the platforms' connectors, their grants kept alive, and the connections' own operations. */
export const CONNECTION_TOKENS = {
  ...CONNECT_FLOW_TOKENS,
  /** Each configured platform's connector, built once (config/platformConnectors.ts). */
  ConfiguredConnectors: token<ReturnType<typeof configuredConnectors>>('ConfiguredConnectors'),
  MediaAccess: token<MediaAccess>('MediaAccess'),
  ListConnections: token<ListConnections>('ListConnections'),
  ListPlatforms: token<ListPlatforms>('ListPlatforms'),
  DisconnectConnection: token<DisconnectConnection>('DisconnectConnection'),
  KeepGrantsAlive: token<KeepGrantsAlive>('KeepGrantsAlive'),
  MarkNeedsReconnect: token<MarkNeedsReconnect>('MarkNeedsReconnect'),
};

const T = { ...CORE_TOKENS, ...MEDIA_TOKENS, ...CONNECTION_TOKENS };

/**
 * Connecting accounts and publishing to them through each platform's connector
 * (docs/decisions.md, "Connections"): the connectors the operator configured, the connect
 * flows (connectFlows.ts), grants refreshed before use and kept alive, and disconnecting.
 */
export const CONNECTIONS: Capability = {
  name: 'connections',
  bind(context) {
    const { wiring: w, config } = context;
    w.build(T.ConfiguredConnectors, [T.OutboundAddressGuard, T.Clock], (guard, clock) => configuredConnectors(config, guard, clock));
    w.build(T.PlatformConnectors, [T.ConfiguredConnectors], (configured) => new PlatformConnectors(configured.connectors, platformSetups(config.http.baseUrl)));
    w.build(T.AppPasswordLogin, [T.ConfiguredConnectors], (configured) => configured.appPasswordLogin);
    w.value(T.PkceChallenges, new NodePkceChallenges());
    w.construct(T.MarkNeedsReconnect, MarkNeedsReconnect, [T.ConnectionRepository, T.UnitOfWork, T.EventSink, T.Clock]);
    w.construct(T.FreshGrants, FreshGrants, [T.ConnectionCredentials, T.MarkNeedsReconnect, T.Clock]);
    w.construct(T.MediaAccess, LibraryMediaAccess, [T.MediaRepository, T.MediaStore, T.MediaLinks]);
    w.construct(T.ListConnections, ListConnections, [T.ConnectionRepository]);
    w.construct(T.ListPlatforms, ListPlatforms, [T.PlatformConnectors]);
    bindConnectFlows(context);
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
  },
  routes: (get) => ({
    api: [
      apiRouter(CONNECTION_OPERATIONS, {
        list: get(T.ListConnections),
        connectWithAppPassword: get(T.ConnectWithAppPassword),
        authorize: get(T.AuthorizeConnection),
        choosePublishAs: get(T.ChoosePublishAs),
        disconnect: get(T.DisconnectConnection),
        platforms: get(T.ListPlatforms),
      }),
    ],
  }),
};
