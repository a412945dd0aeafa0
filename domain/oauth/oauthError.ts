import { DomainError, type ErrorKind } from '../shared/DomainError';

/** The error codes of RFC 6749, 8628 and 8707 this server answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  | 'invalid_target';

const KINDS: Partial<Record<OAuthErrorCode, ErrorKind>> = { invalid_client: 'unauthenticated', access_denied: 'forbidden' };

/** A refusal the OAuth specifications name; the form chain answers it with its own code (docs/surfaces.md). */
export const oauthError = (code: OAuthErrorCode, description: string): DomainError => new DomainError(KINDS[code] ?? 'validation', code, description);
