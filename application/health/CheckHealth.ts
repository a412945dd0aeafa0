import { type Clock } from '../ports/Clock';
import { type HealthCheck } from '../ports/HealthCheck';
import { type Timer, type Timers } from '../ports/Timers';

export interface HealthReport {
  readonly status: 'ok' | 'unavailable';
  readonly time: Date;
  readonly checks: Record<string, 'ok' | 'unavailable'>;
}

const TIMEOUT_MS = 2000;

/** Runs every check at once, each bounded by a timeout so a hung dependency reads as down. */
export class CheckHealth {
  constructor(
    private readonly checks: readonly HealthCheck[],
    private readonly clock: Clock,
    private readonly timers: Timers,
  ) {}

  async execute(): Promise<HealthReport> {
    const results = await Promise.all(this.checks.map(async (c) => [c.name, (await passes(c, this.timers)) ? 'ok' : 'unavailable'] as const));
    const checks = Object.fromEntries(results);
    const status = results.every(([, r]) => r === 'ok') ? 'ok' : 'unavailable';
    return { status, time: this.clock.now(), checks };
  }
}

async function passes(check: HealthCheck, timers: Timers): Promise<boolean> {
  let timer: Timer | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = timers.after(TIMEOUT_MS, () => reject(new Error('timed out')));
  });
  try {
    await Promise.race([check.check(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    timer?.cancel();
  }
}
