import { type Scope } from '../credential/Scope';
import { validationError } from '../shared/DomainError';
import { oauthError } from './oauthError';

/** The grants a client may be registered for (the device grant by its short name). */
export const CLIENT_GRANTS = ['authorization_code', 'device_code', 'refresh_token'] as const;
export type ClientGrant = (typeof CLIENT_GRANTS)[number];

export interface OAuthClientSnapshot {
  readonly clientId: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly grants: readonly ClientGrant[];
  /** The most this client may ever ask for. */
  readonly scopes: readonly Scope[];
  /** Null for a public client (PKCE only); a confidential client's secret, hashed. */
  readonly secretHash: string | null;
  readonly createdAt: Date;
}

/** Lowercase words: never a user id (ULIDs are uppercase), never confused with one in a log. */
const CLIENT_ID = /^[a-z][a-z0-9._-]{2,63}$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** A third-party app the operator registered (docs/decisions.md, "OAuth server"); no dynamic registration. */
export class OAuthClient {
  private constructor(private readonly props: OAuthClientSnapshot) {}

  static register(input: Omit<OAuthClientSnapshot, 'createdAt'> & { now: Date }): OAuthClient {
    const problems: { path: string; message: string }[] = [];
    if (!CLIENT_ID.test(input.clientId))
      problems.push({ path: 'client-id', message: 'must be 3 to 64 lowercase letters, digits, dots, dashes or underscores, starting with a letter' });
    if (input.name.trim() === '' || input.name.length > 100) problems.push({ path: 'name', message: 'must be 1 to 100 characters' });
    if (input.grants.length === 0) problems.push({ path: 'grant', message: 'name at least one grant' });
    if (input.scopes.length === 0) problems.push({ path: 'scope', message: 'name at least one scope' });
    if (input.grants.includes('authorization_code') && input.redirectUris.length === 0) {
      problems.push({ path: 'redirect-uri', message: 'the authorization_code grant needs at least one redirect URI' });
    }
    for (const uri of input.redirectUris) {
      const problem = redirectUriProblem(uri);
      if (problem !== null) problems.push({ path: 'redirect-uri', message: `${uri}: ${problem}` });
    }
    if (problems.length > 0) throw validationError('invalid_client_registration', problems);
    const { now, ...rest } = input;
    return new OAuthClient({ ...rest, name: input.name.trim(), redirectUris: [...new Set(input.redirectUris)], createdAt: now });
  }

  static rehydrate(snapshot: OAuthClientSnapshot): OAuthClient {
    return new OAuthClient(snapshot);
  }

  get clientId(): string {
    return this.props.clientId;
  }
  get name(): string {
    return this.props.name;
  }
  get scopes(): readonly Scope[] {
    return this.props.scopes;
  }
  get isConfidential(): boolean {
    return this.props.secretHash !== null;
  }
  get secretHash(): string | null {
    return this.props.secretHash;
  }

  /** Exact string comparison (RFC 9700 §4.1.3): no trailing-slash, query or port leniency. */
  allowsRedirectUri(uri: string): boolean {
    return this.props.redirectUris.includes(uri);
  }

  allowsGrant(grant: ClientGrant): boolean {
    return this.props.grants.includes(grant);
  }

  assertGrant(grant: ClientGrant): void {
    if (!this.allowsGrant(grant)) throw oauthError('unauthorized_client', `this client is not registered for the ${grant} grant`);
  }

  toSnapshot(): OAuthClientSnapshot {
    return { ...this.props };
  }
}

/** https anywhere, http only on the loopback (RFC 8252 §7.3); never a fragment. */
function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.hash !== '' || uri.includes('#')) return 'must not carry a fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must be https (http only on 127.0.0.1, [::1] or localhost)';
}
