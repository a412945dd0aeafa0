import { type PublishingSettings } from './PublishingSettings';

/**
 * The wait before attempt `attempt + 1` of a segment: exponential, with "equal jitter" (half
 * fixed, half spread) so targets failing together do not all come back at the same
 * instant, and never shorter than the platform's Retry-After. The spread comes from the
 * target and attempt, not from a random source: the same failure always waits the same,
 * which keeps tests and logs reproducible while different targets still spread apart.
 */
export function retryDelayMs(
  settings: Pick<PublishingSettings, 'baseDelaySeconds' | 'maxDelaySeconds'>,
  targetId: string,
  attempt: number,
  retryAfterSeconds: number,
): number {
  const exponentialMs = Math.min(settings.maxDelaySeconds, settings.baseDelaySeconds * 2 ** Math.max(0, attempt - 1)) * 1000;
  const jittered = Math.round(exponentialMs / 2 + (exponentialMs / 2) * spread(`${targetId}:${attempt}`));
  const floorMs = Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds * 1000) : 0;
  return Math.max(jittered, floorMs);
}

/** A number in [0, 1) from a string (FNV-1a): stable for one input, scattered across inputs. */
export function spread(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x1_0000_0000;
}
