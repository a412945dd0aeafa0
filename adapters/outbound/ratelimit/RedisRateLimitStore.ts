import { type Redis } from 'ioredis';
import { type RateLimitStore, type RateLimitWindow } from '../../../application/ports/RateLimitStore';

const COMMAND = 'dispatchRateLimitHit';

/*
 * One atomic round trip: every instance sharing the Redis server increments the same
 * counter, and the first hit of a window starts its expiry. The guard on a missing TTL
 * heals a key left without one (written by hand, or by an older version), which would
 * otherwise block its holder for ever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

type HitCommand = (key: string, windowMs: number) => Promise<[number, number]>;

/**
 * Fixed-window counts in Redis, shared by every service instance using the same server
 * and prefix. The window's end comes from the key's TTL, so Redis alone decides when a
 * window closes, whatever the instances' clocks say.
 *
 * Give it a client that fails fast when Redis is down (`maxRetriesPerRequest: 1`: a hit
 * then rejects within tens of milliseconds instead of about 20 reconnects later), so the
 * middleware answers 503 at once rather than holding the request.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly client: Redis,
    private readonly keyPrefix: string,
  ) {
    // defineCommand sends EVALSHA and falls back to EVAL once per connection, so the
    // script body does not travel with every hit. Defining it twice is harmless.
    if (typeof (client as unknown as Record<string, unknown>)[COMMAND] !== 'function') {
      client.defineCommand(COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
    }
  }

  async hit(key: string, windowMs: number, now: Date): Promise<RateLimitWindow> {
    const hitCommand = (this.client as unknown as Record<string, HitCommand>)[COMMAND];
    const [count, ttlMs] = await hitCommand.call(this.client, this.keyPrefix + key, windowMs);
    return { count, resetAt: new Date(now.getTime() + ttlMs) };
  }

  async count(key: string): Promise<number> {
    return Number((await this.client.get(this.keyPrefix + key)) ?? 0);
  }
}
