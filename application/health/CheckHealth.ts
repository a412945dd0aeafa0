import { type Clock } from '../ports/Clock';
import { type HealthCheck } from '../ports/HealthCheck';

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
  ) {}

  async execute(): Promise<HealthReport> {
    const results = await Promise.all(this.checks.map(async (c) => [c.name, (await passes(c)) ? 'ok' : 'unavailable'] as const));
    const checks = Object.fromEntries(results);
    const status = results.every(([, r]) => r === 'ok') ? 'ok' : 'unavailable';
    return { status, time: this.clock.now(), checks };
  }
}

async function passes(check: HealthCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS);
  });
  try {
    await Promise.race([check.check(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
