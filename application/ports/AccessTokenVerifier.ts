import { type Credential } from '../../domain/credential/Credential';

/**
 * The slot for the service's own OAuth access tokens: resolves a token to its
 * credential, or null when the token is not one of ours (or not valid). One of ours for our
 * other resource (RFC 8707) is refused with a 401 saying so, since its holder can fix it.
 */
export interface AccessTokenVerifier {
  verify(token: string): Promise<Extract<Credential, { kind: 'oauth' }> | null>;
}
