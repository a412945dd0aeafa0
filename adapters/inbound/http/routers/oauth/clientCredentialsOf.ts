import { type ClientCredentials } from '../../../../../application/oauth/AuthenticateClient';
import { oauthError } from '../../../../../domain/oauth/oauthError';
import { type AppContext } from '../../state';

/** A form field as text; anything absent is undefined. */
export const field = (ctx: AppContext, name: string): string | undefined => {
  const value = (ctx.request.body as Record<string, string> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * How the client presented itself (RFC 6749 §2.3.1): HTTP Basic (client_secret_basic, each half
 * form-urlencoded) or client_id and client_secret in the form (client_secret_post), or client_id
 * alone (a public client). Two methods at once are refused.
 */
export function clientCredentialsOf(ctx: AppContext): ClientCredentials {
  const basic = basicCredentials(ctx.get('Authorization'));
  const formId = field(ctx, 'client_id');
  const formSecret = field(ctx, 'client_secret');
  if (basic !== null) {
    if (formSecret !== undefined) throw oauthError('invalid_request', 'use one client authentication method, not two');
    if (formId !== undefined && formId !== basic.clientId) throw oauthError('invalid_request', 'client_id differs from the Authorization header');
    return basic;
  }
  if (formId === undefined || formId === '') throw oauthError('invalid_client', 'client authentication failed: no client_id');
  return { clientId: formId, secret: formSecret ?? null };
}

function basicCredentials(header: string): ClientCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (match === null) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw oauthError('invalid_client', 'client authentication failed: malformed Basic credentials');
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw oauthError('invalid_client', 'client authentication failed: malformed Basic credentials');
  }
}
