import { InsufficientScope } from '../../../../domain/credential/AccessDecision';
import { type DomainError } from '../../../../domain/shared/DomainError';

/**
 * A quoted-string of RFC 6750's allowed characters (printable ASCII but `"` and a backslash): a header
 * value outside them would make Node refuse to send the answer at all (a 500 for a 401).
 */
const quote = (value: string): string => `"${value.replace(/["\\]/g, '').replace(/[^\x20-\x7e]/g, '?')}"`;

/** The API's RFC 9728 metadata; a resource of its own (the MCP server) names its own. */
export const apiResourceMetadataUrl = (baseUrl: string): string => `${baseUrl}/.well-known/oauth-protected-resource`;

/**
 * RFC 6750 challenges, with RFC 9728's resource_metadata so a client can discover
 * where to get a token. A request without credentials gets no error code (RFC 6750 §3.1).
 */
export function challengeFor(error: DomainError, metadataUrl: string, hadCredential: boolean): string | null {
  const base = [`realm=${quote('dispatch')}`, `resource_metadata=${quote(metadataUrl)}`];
  if (error.kind === 'unauthenticated') {
    const extra = hadCredential ? [`error=${quote('invalid_token')}`, `error_description=${quote(error.message)}`] : [];
    return `Bearer ${[...base, ...extra].join(', ')}`;
  }
  if (error instanceof InsufficientScope) {
    return `Bearer ${[...base, `error=${quote('insufficient_scope')}`, `scope=${quote(error.scope)}`].join(', ')}`;
  }
  return null;
}
