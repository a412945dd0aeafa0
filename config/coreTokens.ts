import { type EventSink } from '../application/ports/EventSink';
import { type MarkNeedsReconnect } from '../application/connections/MarkNeedsReconnect';
import { type KeepGrantsAlive } from '../application/connections/KeepGrantsAlive';
import { type AuthorizeSigner } from '../application/connections/AuthorizeSigner';
import { type ConnectApprovedSigners } from '../application/connections/ConnectApprovedSigners';
import { type PendingSigners } from '../application/ports/platforms/PendingSigners';
import { type AuthorizeConnection } from '../application/connections/AuthorizeConnection';
import { type ChoosePublishAs } from '../application/connections/ChoosePublishAs';
import { type CompleteConnection } from '../application/connections/CompleteConnection';
import { type ConnectSettings } from '../application/connections/ConnectSettings';
import { type PkceChallenges } from '../application/ports/PkceChallenges';
import { type ConnectStates } from '../application/ports/platforms/ConnectStates';
import { type AddressPolicy } from '../application/ports/AddressPolicy';
import { type configuredConnectors } from './platformConnectors';
import { type ConnectWithAppPassword } from '../application/connections/ConnectWithAppPassword';
import { type DisconnectConnection } from '../application/connections/DisconnectConnection';
import { type FreshGrants } from '../application/connections/FreshGrants';
import { type ListPlatforms } from '../application/connections/ListPlatforms';
import { type PlatformConnectors } from '../application/connections/PlatformConnectors';
import { type AppPasswordLogin } from '../application/ports/platforms/AppPasswordLogin';
import { type MediaAccess } from '../application/ports/platforms/PlatformConnector';
import { type ConnectedPublisher } from '../application/publishing/ConnectedPublisher';
import { type ReadBack } from '../application/publishing/ReadBack';
import { type ReadBackSupport } from '../application/publishing/ReadBackSupport';
import { type ConnectionCredentials } from '../application/ports/platforms/ConnectionCredentials';
import { type SandboxMediaViews } from '../application/sandbox/SandboxMediaViews';
import { type UrlDownloader } from '../application/ports/UrlDownloader';
import { type OutboundAddressGuard } from '../adapters/outbound/http/OutboundAddressGuard';
import { type DataSource } from 'typeorm';
import { type SigningKeyStore } from '../adapters/outbound/keys/SigningKeyStore';
import { type SessionStore } from '../application/ports/SessionStore';
import { type ConsentTickets } from '../application/ports/oauth/ConsentTickets';
import { type DeviceAuthorizations } from '../application/ports/oauth/DeviceAuthorizations';
import { type OAuthClientRepository } from '../application/ports/oauth/OAuthClientRepository';
import { type TokenGrants } from '../application/ports/oauth/TokenGrants';
import { type KeyRing } from '../adapters/outbound/keys/KeyRing';
import { type AccessTokens } from '../application/ports/oauth/AccessTokens';

import { type AddConnection } from '../application/admin/AddConnection';
import { type BootstrapFirstStart } from '../application/admin/BootstrapFirstStart';
import { type CreateUser } from '../application/admin/CreateUser';
import { type CreateWorkspace } from '../application/admin/CreateWorkspace';
import { type IssueSession } from '../application/admin/IssueSession';
import { type ManageApiKeys } from '../application/admin/ManageApiKeys';
import { type ManageMembers } from '../application/admin/ManageMembers';
import { type OperatorListings } from '../application/admin/OperatorListings';
import { type ResetPassword } from '../application/admin/ResetPassword';
import { type AuthenticateBearer } from '../application/auth/AuthenticateBearer';
import { type AuthorizeWorkspace } from '../application/auth/AuthorizeWorkspace';
import { type ListConnections } from '../application/connections/ListConnections';
import { type CheckHealth } from '../application/health/CheckHealth';
import { type GetCurrentUser } from '../application/me/GetCurrentUser';
import { type ListMyWorkspaces } from '../application/me/ListMyWorkspaces';
import { type AccessTokenVerifier } from '../application/ports/AccessTokenVerifier';
import { type ApiKeyCredentials } from '../application/ports/ApiKeyCredentials';
import { type Cancellation } from '../application/ports/Cancellation';
import { type Clock } from '../application/ports/Clock';
import { type Timers } from '../application/ports/Timers';
import { type HealthCheck } from '../application/ports/HealthCheck';
import { type IdempotencyStore } from '../application/ports/IdempotencyStore';
import { type InboundEventLog } from '../application/ports/InboundEventLog';
import { type AttemptLog } from '../application/ports/AttemptLog';
import { type SandboxPosts } from '../application/ports/SandboxPosts';
import { type ReadSandboxPost } from '../application/sandbox/ReadSandboxPost';
import { type IdGenerator } from '../application/ports/IdGenerator';
import { type Logger } from '../application/ports/Logger';
import { type PlatformPublisher } from '../application/ports/PlatformPublisher';
import { type PostViews } from '../application/ports/PostViews';
import { type PublishQueue } from '../application/ports/PublishQueue';
import { type RandomSource } from '../application/ports/RandomSource';
import { type RateLimitStore } from '../application/ports/RateLimitStore';
import { type SecretHasher } from '../application/ports/SecretHasher';
import { type SessionTokens } from '../application/ports/SessionTokens';
import { type UnitOfWork } from '../application/ports/UnitOfWork';
import { type BeginAttempt } from '../application/publishing/BeginAttempt';
import { type PublishDueTargets } from '../application/publishing/PublishDueTargets';
import { type PublishingSettings } from '../application/publishing/PublishingSettings';
import { type AttemptHistory } from '../application/publishing/AttemptHistory';
import { type PublishingLimits } from '../application/publishing/PublishingLimits';
import { type ConnectionCallSlots } from '../application/publishing/ConnectionCallSlots';
import { type ListTargetAttempts } from '../application/publishing/ListTargetAttempts';
import { type RecordOutcome } from '../application/publishing/RecordOutcome';
import { type SettleExpiredLeases } from '../application/publishing/SettleExpiredLeases';
import { type HeldLeases } from '../application/leases/HeldLeases';
import { type ChangePostLifecycle } from '../application/posts/ChangePostLifecycle';
import { type PostStore } from '../application/posts/PostStore';
import { type ReadPosts } from '../application/posts/ReadPosts';
import { type WritePosts } from '../application/posts/WritePosts';
import { type ImportPosts } from '../application/posts/ImportPosts';
import { type PostRehearsal } from '../application/posts/PostRehearsal';
import { type PostWarnings } from '../application/posts/PostWarnings';
import { type ValidatePost } from '../application/posts/ValidatePost';
import { type ConnectionRepository } from '../domain/connection/ConnectionRepository';
import { type ApiKeyRepository } from '../domain/credential/ApiKeyRepository';
import { type PostRepository } from '../domain/post/PostRepository';
import { type UserRepository } from '../domain/user/UserRepository';
import { type MembershipRepository } from '../domain/workspace/MembershipRepository';
import { type WorkspaceRepository } from '../domain/workspace/WorkspaceRepository';
import { type Config } from './env';
import { token } from './Wiring';

/**
 * The tokens of the ports every capability shares, and of what is not yet composed per
 * capability (config/capabilities/): TOKENS (tokens.ts) adds each capability's own.
 */
export const CORE_TOKENS = {
  Config: token<Config>('Config'),
  /** The database connection, when persistence is a database (null in memory). */
  DataSource: token<DataSource | null>('DataSource'),
  Clock: token<Clock>('Clock'),
  Timers: token<Timers>('Timers'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  RandomSource: token<RandomSource>('RandomSource'),
  SecretHasher: token<SecretHasher>('SecretHasher'),
  Logger: token<Logger>('Logger'),
  /** Whether the caller of the work in this async context gave up (a request past its deadline). */
  Cancellation: token<Cancellation>('Cancellation'),
  UserRepository: token<UserRepository>('UserRepository'),
  WorkspaceRepository: token<WorkspaceRepository>('WorkspaceRepository'),
  MembershipRepository: token<MembershipRepository>('MembershipRepository'),
  ApiKeyRepository: token<ApiKeyRepository>('ApiKeyRepository'),
  ApiKeyCredentials: token<ApiKeyCredentials>('ApiKeyCredentials'),
  ConnectionRepository: token<ConnectionRepository>('ConnectionRepository'),
  PostRepository: token<PostRepository>('PostRepository'),
  PostViews: token<PostViews>('PostViews'),
  PublishQueue: token<PublishQueue>('PublishQueue'),
  AttemptLog: token<AttemptLog>('AttemptLog'),
  SandboxPosts: token<SandboxPosts>('SandboxPosts'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  IdempotencyStore: token<IdempotencyStore>('IdempotencyStore'),
  /** Event ids of inbound webhooks already acted on (replay protection, docs/surfaces.md). */
  InboundEventLog: token<InboundEventLog>('InboundEventLog'),
  SigningKeyStore: token<SigningKeyStore>('SigningKeyStore'),
  SessionStore: token<SessionStore>('SessionStore'),
  OAuthClientRepository: token<OAuthClientRepository>('OAuthClientRepository'),
  TokenGrants: token<TokenGrants>('TokenGrants'),
  DeviceAuthorizations: token<DeviceAuthorizations>('DeviceAuthorizations'),
  ConsentTickets: token<ConsentTickets>('ConsentTickets'),
  KeyRing: token<KeyRing>('KeyRing'),
  SessionTokens: token<SessionTokens>('SessionTokens'),
  /** The OAuth access tokens (RFC 9068 JWTs) the authorization server signs and the API checks. */
  AccessTokens: token<AccessTokens>('AccessTokens'),
  AccessTokenVerifier: token<AccessTokenVerifier>('AccessTokenVerifier'),
  RateLimitStore: token<RateLimitStore>('RateLimitStore'),
  HealthChecks: token<readonly HealthCheck[]>('HealthChecks'),
  SessionTtlSeconds: token<number>('SessionTtlSeconds'),
  AuthenticateBearer: token<AuthenticateBearer>('AuthenticateBearer'),
  AuthorizeWorkspace: token<AuthorizeWorkspace>('AuthorizeWorkspace'),
  CheckHealth: token<CheckHealth>('CheckHealth'),
  GetCurrentUser: token<GetCurrentUser>('GetCurrentUser'),
  ListMyWorkspaces: token<ListMyWorkspaces>('ListMyWorkspaces'),
  ListConnections: token<ListConnections>('ListConnections'),
  CreateUser: token<CreateUser>('CreateUser'),
  CreateWorkspace: token<CreateWorkspace>('CreateWorkspace'),
  ManageMembers: token<ManageMembers>('ManageMembers'),
  ManageApiKeys: token<ManageApiKeys>('ManageApiKeys'),
  AddConnection: token<AddConnection>('AddConnection'),
  IssueSession: token<IssueSession>('IssueSession'),
  ResetPassword: token<ResetPassword>('ResetPassword'),
  OperatorListings: token<OperatorListings>('OperatorListings'),
  BootstrapFirstStart: token<BootstrapFirstStart>('BootstrapFirstStart'),
  PostStore: token<PostStore>('PostStore'),
  ReadPosts: token<ReadPosts>('ReadPosts'),
  WritePosts: token<WritePosts>('WritePosts'),
  ChangePostLifecycle: token<ChangePostLifecycle>('ChangePostLifecycle'),
  PublishingSettings: token<PublishingSettings>('PublishingSettings'),
  /** Every platform's publisher behind one port (PlatformPublishers picks the sandbox's, else by the target's platform). */
  PlatformPublishers: token<PlatformPublisher>('PlatformPublishers'),
  AttemptHistory: token<AttemptHistory>('AttemptHistory'),
  PublishingLimits: token<PublishingLimits>('PublishingLimits'),
  /** The calls to each connection under way in this process: publishing's, which figures wait for. */
  ConnectionCallSlots: token<ConnectionCallSlots>('ConnectionCallSlots'),
  ListTargetAttempts: token<ListTargetAttempts>('ListTargetAttempts'),
  SandboxMediaViews: token<SandboxMediaViews>('SandboxMediaViews'),
  ReadSandboxPost: token<ReadSandboxPost>('ReadSandboxPost'),
  BeginAttempt: token<BeginAttempt>('BeginAttempt'),
  RecordOutcome: token<RecordOutcome>('RecordOutcome'),
  PublishDueTargets: token<PublishDueTargets>('PublishDueTargets'),
  SettleExpiredLeases: token<SettleExpiredLeases>('SettleExpiredLeases'),
  /** The publish jobs this process's rounds hold, renewed by the worker's heartbeat. */
  JobLeases: token<HeldLeases>('JobLeases'),
  /** Each connection's grant from its platform, sealed at rest. */
  ConnectionCredentials: token<ConnectionCredentials>('ConnectionCredentials'),
  /** Each configured platform's connector, built once (config/platformConnectors.ts). */
  ConfiguredConnectors: token<ReturnType<typeof configuredConnectors>>('ConfiguredConnectors'),
  PlatformConnectors: token<PlatformConnectors>('PlatformConnectors'),
  /** Bluesky's app-password login; null when no such connector is installed. */
  AppPasswordLogin: token<AppPasswordLogin>('AppPasswordLogin'),
  AddressPolicy: token<AddressPolicy>('AddressPolicy'),
  FreshGrants: token<FreshGrants>('FreshGrants'),
  MediaAccess: token<MediaAccess>('MediaAccess'),
  ConnectedPublisher: token<ConnectedPublisher>('ConnectedPublisher'),
  ReadBack: token<ReadBack>('ReadBack'),
  ReadBackSupport: token<ReadBackSupport>('ReadBackSupport'),
  ListPlatforms: token<ListPlatforms>('ListPlatforms'),
  ConnectWithAppPassword: token<ConnectWithAppPassword>('ConnectWithAppPassword'),
  DisconnectConnection: token<DisconnectConnection>('DisconnectConnection'),
  ConnectSettings: token<ConnectSettings>('ConnectSettings'),
  PkceChallenges: token<PkceChallenges>('PkceChallenges'),
  ConnectStates: token<ConnectStates>('ConnectStates'),
  AuthorizeConnection: token<AuthorizeConnection>('AuthorizeConnection'),
  CompleteConnection: token<CompleteConnection>('CompleteConnection'),
  ChoosePublishAs: token<ChoosePublishAs>('ChoosePublishAs'),
  KeepGrantsAlive: token<KeepGrantsAlive>('KeepGrantsAlive'),
  /** Signers (Farcaster) waiting for their account's approval. */
  PendingSigners: token<PendingSigners>('PendingSigners'),
  AuthorizeSigner: token<AuthorizeSigner>('AuthorizeSigner'),
  ConnectApprovedSigners: token<ConnectApprovedSigners>('ConnectApprovedSigners'),
  /** Dry runs and CSV imports of posts.create (docs/posts-import-export.md). */
  PostRehearsal: token<PostRehearsal>('PostRehearsal'),
  PostWarnings: token<PostWarnings>('PostWarnings'),
  ValidatePost: token<ValidatePost>('ValidatePost'),
  ImportPosts: token<ImportPosts>('ImportPosts'),
  /** The one way to reach an address a user supplied (docs/decisions.md, "Outbound calls to user-supplied addresses"). */
  OutboundAddressGuard: token<OutboundAddressGuard>('OutboundAddressGuard'),
  UrlDownloader: token<UrlDownloader>('UrlDownloader'),
  /** Where the events aggregates record go when saved (the webhook outbox subscribes). */
  EventSink: token<EventSink>('EventSink'),
  MarkNeedsReconnect: token<MarkNeedsReconnect>('MarkNeedsReconnect'),
} as const;
