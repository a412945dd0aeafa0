import { type Credential } from '../../domain/credential/Credential';

/**
 * The slot for the service's own OAuth access tokens: resolves a token to its
 * credential, or null when the token is not one of ours (or not valid).
 */
export interface AccessTokenVerifier {
  verify(token: string): Promise<Extract<Credential, { kind: 'oauth' }> | null>;
}
