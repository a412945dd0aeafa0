import path from 'node:path';

/**
 * Where the bridge keeps its sign-ins: `$XDG_CONFIG_HOME/dispatch/credentials.json`, or under
 * `~/.config` when XDG_CONFIG_HOME is unset or not absolute (the XDG Base Directory rule).
 */
export function credentialsPath(xdgConfigHome: string | undefined, home: string): string {
  const base = xdgConfigHome !== undefined && path.isAbsolute(xdgConfigHome) ? xdgConfigHome : path.join(home, '.config');
  return path.join(base, 'dispatch', 'credentials.json');
}
