import { type EventSink } from '../application/ports/EventSink';
import { type PkceChallenges } from '../application/ports/PkceChallenges';
import { type FreshGrants } from '../application/connections/FreshGrants';
import { type PlatformConnectors } from '../application/connections/PlatformConnectors';
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
import { type ManageMembers } from '../application/admin/ManageMembers';
import { type OperatorListings } from '../application/admin/OperatorListings';
import { type ResetPassword } from '../application/admin/ResetPassword';
import { type AuthenticateBearer } from '../application/auth/AuthenticateBearer';
import { type AuthorizeWorkspace } from '../application/auth/AuthorizeWorkspace';
import { type CheckHealth } from '../application/health/CheckHealth';
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
import { type PostViews } from '../application/ports/PostViews';
import { type PublishQueue } from '../application/ports/PublishQueue';
import { type RandomSource } from '../application/ports/RandomSource';
import { type RateLimitStore } from '../application/ports/RateLimitStore';
import { type SecretHasher } from '../application/ports/SecretHasher';
import { type SessionTokens } from '../application/ports/SessionTokens';
import { type UnitOfWork } from '../application/ports/UnitOfWork';
import { type ConnectionCallSlots } from '../application/publishing/ConnectionCallSlots';
import { type PostStore } from '../application/posts/PostStore';
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
  CreateUser: token<CreateUser>('CreateUser'),
  CreateWorkspace: token<CreateWorkspace>('CreateWorkspace'),
  ManageMembers: token<ManageMembers>('ManageMembers'),
  AddConnection: token<AddConnection>('AddConnection'),
  IssueSession: token<IssueSession>('IssueSession'),
  ResetPassword: token<ResetPassword>('ResetPassword'),
  OperatorListings: token<OperatorListings>('OperatorListings'),
  BootstrapFirstStart: token<BootstrapFirstStart>('BootstrapFirstStart'),
  PostStore: token<PostStore>('PostStore'),
  /** The calls to each connection under way in this process: publishing's, which figures wait for. */
  ConnectionCallSlots: token<ConnectionCallSlots>('ConnectionCallSlots'),
  SandboxMediaViews: token<SandboxMediaViews>('SandboxMediaViews'),
  ReadSandboxPost: token<ReadSandboxPost>('ReadSandboxPost'),
  /** Each connection's grant from its platform, sealed at rest. */
  ConnectionCredentials: token<ConnectionCredentials>('ConnectionCredentials'),
  PlatformConnectors: token<PlatformConnectors>('PlatformConnectors'),
  FreshGrants: token<FreshGrants>('FreshGrants'),
  PkceChallenges: token<PkceChallenges>('PkceChallenges'),
  /** The one way to reach an address a user supplied (docs/decisions.md, "Outbound calls to user-supplied addresses"). */
  OutboundAddressGuard: token<OutboundAddressGuard>('OutboundAddressGuard'),
  UrlDownloader: token<UrlDownloader>('UrlDownloader'),
  /** Where the events aggregates record go when saved (the webhook outbox subscribes). */
  EventSink: token<EventSink>('EventSink'),
} as const;
