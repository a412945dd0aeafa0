import { GuardedAddressPolicy } from '../../../adapters/outbound/http/GuardedAddressPolicy';
import { SecretBox } from '../../../adapters/outbound/keys/SecretBox';
import { MemoryConnectStates } from '../../../adapters/outbound/persistence/memory/MemoryConnectStates';
import { MemoryPendingSigners } from '../../../adapters/outbound/persistence/memory/MemoryPendingSigners';
import { TypeOrmConnectStates } from '../../../adapters/outbound/persistence/typeorm/credentials/TypeOrmConnectStates';
import { TypeOrmPendingSigners } from '../../../adapters/outbound/persistence/typeorm/credentials/TypeOrmPendingSigners';
import { AuthorizeConnection } from '../../../application/connections/AuthorizeConnection';
import { AuthorizeSigner } from '../../../application/connections/AuthorizeSigner';
import { ChoosePublishAs } from '../../../application/connections/ChoosePublishAs';
import { CompleteConnection } from '../../../application/connections/CompleteConnection';
import { ConnectApprovedSigners } from '../../../application/connections/ConnectApprovedSigners';
import { type ConnectSettings } from '../../../application/connections/ConnectSettings';
import { ConnectWithAppPassword } from '../../../application/connections/ConnectWithAppPassword';
import { type AddressPolicy } from '../../../application/ports/AddressPolicy';
import { type ConnectStates } from '../../../application/ports/platforms/ConnectStates';
import { type PendingSigners } from '../../../application/ports/platforms/PendingSigners';
import { type AppPasswordLogin } from '../../../application/ports/platforms/AppPasswordLogin';
import { type CapabilityContext } from '../Capability';
import { CORE_TOKENS } from '../../coreTokens';
import { resolveSecretKey } from '../../secretKey';
import { token } from '../../Wiring';

/** How an account gets connected: OAuth's redirect and callback, Bluesky's app password, Farcaster's signer. */
export const CONNECT_FLOW_TOKENS = {
  ConnectSettings: token<ConnectSettings>('ConnectSettings'),
  ConnectStates: token<ConnectStates>('ConnectStates'),
  AddressPolicy: token<AddressPolicy>('AddressPolicy'),
  AuthorizeConnection: token<AuthorizeConnection>('AuthorizeConnection'),
  CompleteConnection: token<CompleteConnection>('CompleteConnection'),
  ChoosePublishAs: token<ChoosePublishAs>('ChoosePublishAs'),
  ConnectWithAppPassword: token<ConnectWithAppPassword>('ConnectWithAppPassword'),
  /** Bluesky's app-password login (bound by the connections module, from the configured connectors). */
  AppPasswordLogin: token<AppPasswordLogin>('AppPasswordLogin'),
  /** Signers (Farcaster) waiting for their account's approval. */
  PendingSigners: token<PendingSigners>('PendingSigners'),
  AuthorizeSigner: token<AuthorizeSigner>('AuthorizeSigner'),
  ConnectApprovedSigners: token<ConnectApprovedSigners>('ConnectApprovedSigners'),
};

const T = { ...CORE_TOKENS, ...CONNECT_FLOW_TOKENS };

/** The connect flows' settings, their stores (sealed at rest on a database) and their use cases. */
export function bindConnectFlows({ wiring: w, config, stores }: CapabilityContext): void {
  const sealed = () => new SecretBox(resolveSecretKey(config.secrets));
  w.value(T.ConnectSettings, { baseUrl: config.http.baseUrl, returnToOrigins: config.platforms.returnToOrigins, stateTtlSeconds: 600 });
  w.build(T.AddressPolicy, [T.OutboundAddressGuard], (guard) => new GuardedAddressPolicy(guard));
  w.build(T.ConnectStates, [], () => stores.pick({ database: (ds) => new TypeOrmConnectStates(ds, sealed()), memory: () => new MemoryConnectStates() }));
  w.build(T.PendingSigners, [], () => stores.pick({ database: (ds) => new TypeOrmPendingSigners(ds, sealed()), memory: () => new MemoryPendingSigners() }));
  w.construct(T.ConnectWithAppPassword, ConnectWithAppPassword, [
    T.AppPasswordLogin,
    T.AddressPolicy,
    T.ConnectionRepository,
    T.ConnectionCredentials,
    T.UnitOfWork,
    T.IdGenerator,
    T.Clock,
  ]);
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
  const connectAs = [T.PlatformConnectors, T.ConnectionRepository, T.ConnectionCredentials, T.UnitOfWork, T.IdGenerator, T.Clock] as const;
  w.construct(T.ConnectApprovedSigners, ConnectApprovedSigners, [T.PendingSigners, ...connectAs]);
  w.construct(T.ChoosePublishAs, ChoosePublishAs, connectAs);
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
}
