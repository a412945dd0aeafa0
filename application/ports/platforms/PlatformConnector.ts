import { type Readable } from 'node:stream';
import { type AccountIdentity } from './AccountIdentity';
import { type MediaFacts } from '../../../domain/media/MediaFacts';
import { type Platform } from '../../../domain/platform/Platform';
import { type PublishOutcome, type SegmentToPublish } from '../PlatformPublisher';
import { type GrantResult } from './GrantFailure';
import { type PlatformGrant } from './PlatformGrant';
import { type PostReader } from './PostReader';
import { type PublishAs, type PublishingAccount } from './PublishingAccount';

export type { AccountIdentity } from './AccountIdentity';
export type { PublishAs, PublishingAccount } from './PublishingAccount';
import { type SignerAuthorization } from './SignerAuthorization';

/** An OAuth platform's authorization code flow (with PKCE where the platform supports it). */
export interface OAuthAuthorization {
  readonly usesPkce: boolean;
  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string;
  exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>>;
  /** The account, and what it may publish as where the platform publishes as a page, organization, channel or board. */
  identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }>;
}

/** Keeping a grant alive: refreshed ahead of expiry, revoked on disconnect where the platform can. */
export interface TokenUpkeep {
  /** Whether the grant should be renewed before use at `now` (ahead of its expiry). */
  needsRefresh(grant: PlatformGrant, now: Date): boolean;
  refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>>;
  /** Best effort: a platform without revocation resolves at once. */
  revoke(grant: PlatformGrant): Promise<void>;
}

/** A segment's media, from the library: bytes where the platform takes them, a signed link where it fetches. */
export interface MediaAccess {
  open(mediaId: string): Promise<{ readonly body: Readable; readonly facts: MediaFacts }>;
  /** A link that works without credentials for a while (docs/decisions.md, "Media"). */
  link(mediaId: string): Promise<string>;
}

/**
 * Told of a grant the publisher renewed during its call (the platform refused an expired token
 * it could refresh), to store before the call goes on: a rotated refresh token is only good once.
 */
export type GrantRenewed = (grant: PlatformGrant) => Promise<void>;

/**
 * Publishing with a connection's grant: outcomes, never thrown failures (PlatformPublisher).
 * The engine hands over what it read of the connection once per segment: its grant and its
 * account (the account id, the handle, the page, organization, channel or board it publishes
 * as), so no connector reads the connection again.
 */
export interface GrantedPublisher {
  publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account: PublishingAccount, renewed?: GrantRenewed): Promise<PublishOutcome>;
}

/** Everything one platform's connector does (adapters/outbound/platforms/<platform>/). */
export interface PlatformConnector {
  readonly platform: Platform;
  /** Null for platforms connected otherwise (Bluesky's app password, Farcaster's signer). */
  readonly authorization: OAuthAuthorization | null;
  readonly tokens: TokenUpkeep;
  readonly publisher: GrantedPublisher;
  /** Platforms connected by a signer the account approves in its own app (Farcaster). */
  readonly signer?: SignerAuthorization;
  /** Reading the account's posts back, where the platform's read endpoints and the grant allow it. */
  readonly reader?: PostReader;
}
