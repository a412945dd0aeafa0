import { type FiguresSettings } from '../application/analytics/CollectFigures';
import { type Env, integer } from './envValues';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * How the worker collects published posts' figures (docs/analytics.md, "Budgets"): reads per
 * connection per hour (FIGURES_READS_PER_HOUR), beside publishing's own calls; the rest fixed.
 */
export function analyticsConfig(env: Env): FiguresSettings {
  return {
    // The schedule's last read is a week after a post went out; a day's grace for a late round.
    windowMs: 8 * DAY_MS,
    batchSize: 200,
    leaseMs: MINUTE_MS,
    readsPerHour: integer(env, 'FIGURES_READS_PER_HOUR', 30, 1, 10_000),
    retryMs: 30 * MINUTE_MS,
  };
}
