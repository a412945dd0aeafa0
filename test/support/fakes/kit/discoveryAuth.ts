import { type IncomingHttpHeaders } from 'node:http';
import { type DiscoveryMethod, type Finding } from './discoveryDocument';

/**
 * The credentials a Google API call carries: an OAuth 2.0 access token as
 * `Authorization: Bearer …` (or, as Google also takes it, `access_token`/`oauth_token` in the
 * query), else an API key (`key`) for public data. With the token's granted scopes known, one of
 * the method's `scopes` must be among them: any one suffices (Google answers 403
 * insufficientPermissions otherwise).
 */
export function authFindings(
  method: DiscoveryMethod,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  grantedScopes: readonly string[] | null,
): Finding[] {
  const authorization = headers.authorization;
  if (authorization !== undefined && !/^Bearer [^\s]+$/i.test(authorization)) {
    return [{ field: 'header.Authorization', rule: `must be "Bearer {access token}", not "${authorization.split(' ')[0]} …"` }];
  }
  const token = authorization !== undefined || query.has('access_token') || query.has('oauth_token');
  if (!token) {
    if (query.has('key')) return [];
    return [{ field: 'header.Authorization', rule: `${method.id} needs an OAuth 2.0 Bearer token (or an API key for public data); the request has neither` }];
  }
  const scopes = method.scopes ?? [];
  if (grantedScopes === null || scopes.length === 0 || scopes.some((scope) => grantedScopes.includes(scope))) return [];
  return [{ field: 'scope', rule: `${method.id} needs one of ${scopes.join(', ')}; the token has ${grantedScopes.join(', ') || 'none'}` }];
}
