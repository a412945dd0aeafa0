import { type RateLimitCount, type RateLimitStore, type RateLimitWindow } from '../../../application/ports/RateLimitStore';

interface Window {
  count: number;
  resetAtMs: number;
}

/**
 * Fixed-window counts held in this process: the default for a single instance.
 * Expired windows are swept at most once per window length, so memory follows the
 * keys active recently rather than every key ever seen, at an amortised O(1) per hit.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private nextSweepAtMs = 0;

  async hit(key: string, windowMs: number, now: Date): Promise<RateLimitWindow> {
    const window = this.hitNow(key, windowMs, now.getTime());
    return { count: window.count, resetAt: new Date(window.resetAtMs) };
  }

  /** The key's own window, counted: a new object only when a window starts. */
  hitNow(key: string, windowMs: number, nowMs: number): RateLimitCount {
    this.sweep(nowMs, windowMs);
    let window = this.windows.get(key);
    if (!window || window.resetAtMs <= nowMs) {
      window = { count: 0, resetAtMs: nowMs + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  async count(key: string, now: Date): Promise<number> {
    const window = this.windows.get(key);
    return window === undefined || window.resetAtMs <= now.getTime() ? 0 : window.count;
  }

  /** How many keys are held: lets tests (and metrics) see that expired windows go away. */
  get size(): number {
    return this.windows.size;
  }

  private sweep(nowMs: number, windowMs: number): void {
    if (nowMs < this.nextSweepAtMs) return;
    for (const [key, window] of this.windows) {
      if (window.resetAtMs <= nowMs) this.windows.delete(key);
    }
    this.nextSweepAtMs = nowMs + windowMs;
  }
}
