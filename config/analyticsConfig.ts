import { type FiguresSettings } from '../application/analytics/CollectFigures';
import { type Env, integer } from './envValues';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The collector's pace and budgets. */
export interface FiguresConfig extends FiguresSettings {
  /** The pause between two of the worker's collection rounds (FIGURES_POLL_MS). */
  readonly pollMs: number;
}

/**
 * How the worker collects published posts' figures (docs/analytics.md, "Budgets"): a round
 * every FIGURES_POLL_MS (10 s), reads per connection per hour (FIGURES_READS_PER_HOUR, 30)
 * beside publishing's own calls; the rest fixed.
 */
export function analyticsConfig(env: Env): FiguresConfig {
  return {
    pollMs: integer(env, 'FIGURES_POLL_MS', 10_000, 100, 3_600_000),
    // The schedule's last read is a week after a post went out; a day's grace for a late round.
    windowMs: 8 * DAY_MS,
    batchSize: 200,
    leaseMs: MINUTE_MS,
    readsPerHour: integer(env, 'FIGURES_READS_PER_HOUR', 30, 1, 10_000),
    retryMs: 30 * MINUTE_MS,
  };
}
