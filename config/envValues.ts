/** The checked readers of environment variables: each refusal names its variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = oneOf(env, name, ['true', 'false', '1', '0'], fallback ? 'true' : 'false');
  return value === 'true' || value === '1';
}

/**
 * A URL as it may appear in an error: the password (or a lone user part, which may be a token)
 * masked, and the query and fragment left out. Works on text that does not parse as a URL too,
 * since that is when it is shown; everything up to the last "@" counts as user info.
 */
export function redactUrl(raw: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(raw)?.[0] ?? '';
  let rest = raw.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const userinfo = rest.slice(0, at);
    const colon = userinfo.indexOf(':');
    rest = `${colon >= 0 ? `${userinfo.slice(0, colon)}:***` : '***'}${rest.slice(at)}`;
  }
  const query = rest.search(/[?#]/);
  if (query >= 0) rest = `${rest.slice(0, query)}${rest[query]}…`;
  return `${scheme}${rest}`;
}

export function url(env: Env, name: string, fallback: string | null, protocols: readonly string[]): string | null {
  const raw = env[name]?.trim() || fallback;
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${redactUrl(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw.replace(/\/+$/, '');
}
