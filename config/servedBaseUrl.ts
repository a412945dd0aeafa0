import fs from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from './env';
import { type Env } from './envValues';

/**
 * The base URL a service last started with on a DATA_DIR (the issuer and audience of its
 * session tokens), so that the operator CLI run there without the service's environment
 * (`PORT=3917 npm start`, then `npm run -s admin -- session issue`) issues tokens the service
 * accepts. One line, the URL, in DATA_DIR/base-url (docs/decisions.md).
 */
const FILE = 'base-url';

/** Written at every start, replaced whole (a CLI reading at that moment sees the old or the new URL). */
export function recordServedBaseUrl(dataDir: string, baseUrl: string): void {
  const file = path.join(dataDir, FILE);
  if (readServedBaseUrl(dataDir) === baseUrl) return;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${baseUrl}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** The recorded URL, or null when there is none or it is not an http(s) URL. */
export function readServedBaseUrl(dataDir: string): string | null {
  let recorded: string;
  try {
    recorded = fs.readFileSync(path.join(dataDir, FILE), 'utf8').trim();
  } catch {
    return null;
  }
  try {
    return ['http:', 'https:'].includes(new URL(recorded).protocol) ? recorded : null;
  } catch {
    return null;
  }
}

/**
 * The CLI's configuration: the service's own reading of the environment (loadConfig), with,
 * when BASE_URL is not set, the base URL the service recorded on this DATA_DIR instead of the
 * one PORT would give. Without a record, PORT's default as before.
 */
export function loadCliConfig(env: Env): Config {
  const config = loadConfig(env);
  if (env.BASE_URL?.trim()) return config;
  const served = readServedBaseUrl(config.secrets.dataDir);
  return served === null || served === config.http.baseUrl ? config : loadConfig({ ...env, BASE_URL: served });
}
