import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config } from './env';

/**
 * SECRET_KEY encrypts signing keys at rest. Outside production, when it is not set,
 * one is generated once into the data directory (readable by this user only).
 */
export function resolveSecretKey(config: Config['secrets']): string {
  if (config.secretKey !== null) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const generated = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  return generated;
}
