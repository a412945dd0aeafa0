import { type OAuthClient } from '../../domain/oauth/OAuthClient';
import { oauthError } from '../../domain/oauth/oauthError';
import { type OAuthClientRepository } from '../ports/oauth/OAuthClientRepository';
import { type SecretHasher } from '../ports/SecretHasher';

/** How a client presented itself: its id, and a secret by client_secret_basic or client_secret_post. */
export interface ClientCredentials {
  readonly clientId: string;
  readonly secret: string | null;
}

const FAILED = 'client authentication failed';

/**
 * A public client presents its id only (it proves itself with PKCE); a confidential one its
 * secret too, compared in constant time. Every failure reads the same (invalid_client).
 */
export class AuthenticateClient {
  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly hasher: SecretHasher,
  ) {}

  async execute(credentials: ClientCredentials): Promise<OAuthClient> {
    const client = credentials.clientId === '' ? null : await this.clients.findById(credentials.clientId);
    if (client === null) throw oauthError('invalid_client', FAILED);
    const hash = client.secretHash;
    if (hash === null) {
      if (credentials.secret !== null) throw oauthError('invalid_client', 'this client is public: it has no secret to send');
      return client;
    }
    if (credentials.secret === null || !this.hasher.tokenMatches(credentials.secret, hash)) throw oauthError('invalid_client', FAILED);
    return client;
  }
}
