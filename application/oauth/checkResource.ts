import { oauthError } from '../../domain/oauth/oauthError';
import { type OAuthSettings } from './OAuthSettings';

/** What the authorization server knows of its resources: the default one (the API) and every one. */
export type ResourceSettings = Pick<OAuthSettings, 'resource' | 'resources'>;

const trimmed = (value: string): string => value.replace(/\/+$/, '');

/**
 * RFC 8707: a resource, when named, must be one this service serves (the API, or the MCP server
 * at BASE_URL/mcp), and is answered in its registered spelling; none means the API.
 */
export function checkResource(raw: string | undefined, { resource, resources }: ResourceSettings): string {
  if (raw === undefined || raw === '') return resource;
  const known = resources.find((candidate) => trimmed(candidate) === trimmed(raw));
  if (known === undefined) throw oauthError('invalid_target', `tokens are only issued for ${resources.join(' and ')}`);
  return known;
}

/**
 * A token request may name the resource again (RFC 8707 §2.2): it must then be the one the
 * grant, code or device code was issued for, since a token is bound to a single resource.
 * Checked before anything is spent, so a mistaken request keeps its code or refresh token.
 */
export function checkSameResource(raw: string | undefined, bound: string, settings: ResourceSettings): void {
  if (raw === undefined || raw === '') return;
  if (checkResource(raw, settings) !== bound) throw oauthError('invalid_target', `this grant is for ${bound}`);
}
