import { type Clock } from '../ports/Clock';
import { type AuthorizationServerClient, AuthorizationServerRefusal, type ClientOf, type IssuedTokens } from '../ports/mcpBridge/AuthorizationServerClient';
import { type StoredSignIn, type StoredSignIns } from '../ports/mcpBridge/StoredSignIns';
import { type Bearer } from './Bearer';
import { NotSignedIn, SignInEnded } from './bridgeErrors';

/** An access token with less than this left is renewed before it is sent. */
const RENEW_BEFORE_SECONDS = 30;

/** Refusals that say "try again later", not "this refresh token is over". */
const TRANSIENT = new Set(['server_error', 'temporarily_unavailable']);

export const clientOf = (signIn: StoredSignIn): ClientOf => ({ baseUrl: signIn.baseUrl, clientId: signIn.clientId, resource: signIn.resource });

/**
 * The access token of the stored sign-in, renewed by its refresh token before it expires and when
 * the service refuses it. Refresh tokens rotate and a reused one revokes its family, so a renewal
 * runs alone among this user's processes (`StoredSignIns.exclusive`) and first reads the stored
 * sign-in again: when another bridge already renewed it, its tokens are taken, not refreshed twice.
 */
export class SignedInBearer implements Bearer {
  private held: StoredSignIn | null = null;
  private renewal: Promise<StoredSignIn> | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly signIns: StoredSignIns,
    private readonly server: AuthorizationServerClient,
    private readonly clock: Clock,
  ) {}

  /** The stored sign-in, read once: NotSignedIn when there is none. */
  async load(): Promise<StoredSignIn> {
    if (this.held !== null) return this.held;
    const found = await this.signIns.find(this.baseUrl);
    if (found === null) throw new NotSignedIn(this.baseUrl);
    this.held = found;
    return found;
  }

  async current(): Promise<string> {
    const held = await this.load();
    if (this.fresh(held)) return held.accessToken;
    return (await this.renew(held.accessToken)).accessToken;
  }

  async rejected(token: string): Promise<string> {
    return (await this.renew(token)).accessToken;
  }

  private fresh(signIn: StoredSignIn): boolean {
    return signIn.accessTokenExpiresAt.getTime() - RENEW_BEFORE_SECONDS * 1000 > this.clock.now().getTime();
  }

  /** A sign-in whose access token is not `spent`; requests of this process waiting on one renewal share it. */
  private renew(spent: string): Promise<StoredSignIn> {
    this.renewal ??= this.signIns
      .exclusive(() => this.renewAlone(spent))
      .finally(() => {
        this.renewal = null;
      });
    return this.renewal;
  }

  private async renewAlone(spent: string): Promise<StoredSignIn> {
    const latest = await this.signIns.find(this.baseUrl);
    if (latest === null) throw new NotSignedIn(this.baseUrl);
    if (latest.accessToken !== spent && this.fresh(latest)) {
      this.held = latest;
      return latest;
    }
    if (latest.refreshToken === null) throw new SignInEnded(this.baseUrl, latest.clientId, 'the service gave no refresh token');
    let tokens: IssuedTokens;
    try {
      tokens = await this.server.refresh(clientOf(latest), latest.refreshToken);
    } catch (error) {
      if (error instanceof AuthorizationServerRefusal && !TRANSIENT.has(error.error)) {
        throw new SignInEnded(this.baseUrl, latest.clientId, `the refresh token was refused: ${error.message}`);
      }
      throw error;
    }
    const renewed: StoredSignIn = {
      ...latest,
      accessToken: tokens.accessToken,
      accessTokenExpiresAt: new Date(this.clock.now().getTime() + tokens.expiresInSeconds * 1000),
      refreshToken: tokens.refreshToken ?? latest.refreshToken,
      scope: tokens.scope ?? latest.scope,
    };
    await this.signIns.save(renewed);
    this.held = renewed;
    return renewed;
  }
}
