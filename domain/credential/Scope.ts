import { validationError } from '../shared/DomainError';

export const ALL_SCOPES = [
  'posts:read',
  'posts:write',
  'accounts:read',
  'accounts:write',
  'stats:read',
  'billing:write',
  'media:write',
  'reviews:read',
  'reviews:write',
  'members:read',
  'members:write',
  'apikeys:write',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

export const isScope = (value: string): value is Scope => (ALL_SCOPES as readonly string[]).includes(value);

/** Parses a space-separated scope list; unknown scopes are refused, duplicates collapse. */
export function parseScopes(raw: string, path = 'scopes'): Scope[] {
  const words = raw.split(/\s+/).filter(Boolean);
  const unknown = words.filter((w) => !isScope(w));
  if (unknown.length > 0) {
    throw validationError('invalid_scope', [{ path, message: `unknown scope(s): ${unknown.join(', ')}` }]);
  }
  return [...new Set(words as Scope[])].sort();
}
