import { type Scope } from '../../domain/credential/Scope';
import { requestedScopes } from '../../domain/oauth/chooseScopes';
import { type OAuthClient } from '../../domain/oauth/OAuthClient';
import { type DomainError } from '../../domain/shared/DomainError';
import { type OAuthClientRepository } from '../ports/oauth/OAuthClientRepository';
import { checkResource, type ResourceSettings } from './checkResource';

/** GET /oauth/authorize's parameters, as sent. */
export interface AuthorizeParameters {
  readonly responseType?: string;
  readonly clientId?: string;
  readonly redirectUri?: string;
  readonly scope?: string;
  readonly state?: string;
  readonly codeChallenge?: string;
  readonly codeChallengeMethod?: string;
  readonly resource?: string;
}

/** A request fit for the consent page. */
export interface AuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string | null;
  readonly codeChallenge: string;
  readonly resource: string;
  readonly scopes: readonly Scope[];
}

/**
 * Until the client and its redirect URI are known good, a problem is told on a page of ours,
 * never by redirecting (RFC 6749 §4.1.2.1); after that, it goes back to the client.
 */
export type AuthorizeCheck =
  | { readonly kind: 'page_error'; readonly message: string }
  | { readonly kind: 'redirect_error'; readonly redirectUri: string; readonly state: string | null; readonly error: string; readonly description: string }
  | { readonly kind: 'ok'; readonly request: AuthorizationRequest };

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Checks an authorization request in the order the specifications require. */
export class StartAuthorization {
  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly resources: ResourceSettings,
  ) {}

  async check(p: AuthorizeParameters): Promise<AuthorizeCheck> {
    if (!p.clientId) return { kind: 'page_error', message: 'The application did not say who it is (client_id is missing).' };
    const client = await this.clients.findById(p.clientId);
    if (client === null) return { kind: 'page_error', message: 'This application is not registered with Dispatch.' };
    if (!p.redirectUri || !client.allowsRedirectUri(p.redirectUri)) {
      return { kind: 'page_error', message: 'The address this application asked to return to is not one it registered, so Dispatch will not send you there.' };
    }
    const state = p.state ?? null;
    const back = (error: string, description: string): AuthorizeCheck => ({ kind: 'redirect_error', redirectUri: p.redirectUri!, state, error, description });
    if (p.responseType !== 'code') return back('unsupported_response_type', 'only response_type=code is supported');
    if (!client.allowsGrant('authorization_code')) return back('unauthorized_client', 'this client is not registered for the authorization_code grant');
    if (!p.codeChallenge) return back('invalid_request', 'code_challenge is required (PKCE)');
    if (p.codeChallengeMethod !== 'S256') return back('invalid_request', 'code_challenge_method must be S256 (plain is refused)');
    if (!CHALLENGE.test(p.codeChallenge)) return back('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
    let scopes: Scope[];
    let resource: string;
    try {
      scopes = requestedScopes(p.scope, client.scopes);
      resource = checkResource(p.resource, this.resources);
    } catch (error) {
      return back((error as DomainError).code, (error as DomainError).message);
    }
    return { kind: 'ok', request: { client, redirectUri: p.redirectUri, state, codeChallenge: p.codeChallenge, resource, scopes } };
  }
}
