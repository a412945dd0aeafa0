import { oauthError } from '../../domain/oauth/oauthError';

/** RFC 8707: a resource, when named, must be this service's API; none means the API too. */
export function checkResource(raw: string | undefined, resource: string): string {
  if (raw === undefined || raw === '') return resource;
  const trimmed = (value: string) => value.replace(/\/+$/, '');
  if (trimmed(raw) !== trimmed(resource)) throw oauthError('invalid_target', `tokens are only issued for ${resource}`);
  return resource;
}
