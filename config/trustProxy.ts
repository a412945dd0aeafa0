import { type ProxyTrust, trustedAddressList } from '../adapters/inbound/http/clientAddress';
import { ConfigError, type Env } from './envValues';

/** More proxies than this in front of one service is a typo, not a deployment. */
const MAX_HOPS = 16;

const EXPECTED = `must be false, a number of proxies in front (1 to ${MAX_HOPS}), or a comma-separated list of their addresses or CIDR ranges`;

/**
 * TRUST_PROXY: `false` (the default: X-Forwarded-For is ignored), a number of proxies in front,
 * or the addresses and CIDR ranges of the proxies. `true` (and `1`) meant "behind a proxy"
 * before counts and lists existed, and means one proxy now.
 */
export function trustProxy(env: Env): ProxyTrust {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return { kind: 'none' };
  if (raw === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_HOPS) throw new ConfigError('TRUST_PROXY', `${EXPECTED}, got ${hops}`);
    return { kind: 'hops', hops };
  }
  const addresses = raw.split(',').map((entry) => entry.trim());
  try {
    trustedAddressList(addresses);
  } catch (error) {
    throw new ConfigError('TRUST_PROXY', `${EXPECTED}: ${(error as Error).message}`);
  }
  return { kind: 'addresses', addresses };
}
