import { CollectFigures } from '../../../application/analytics/CollectFigures';
import { PostFigures } from '../../../application/analytics/PostFigures';
import { ANALYTICS_OPERATIONS } from '../../../adapters/inbound/http/operations/analyticsOperations';
import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { type Capability, type CapabilityContext } from '../Capability';
import { type TargetMetrics } from '../../../application/ports/TargetMetrics';
import { type AnalyticsViews } from '../../../application/ports/AnalyticsViews';
import { type FiguresSettings } from '../../../application/analytics/CollectFigures';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** Published posts' figures (docs/analytics.md): the store, the sums, the collector, the API's reads. */
export const ANALYTICS_TOKENS = {
  TargetMetrics: token<TargetMetrics>('TargetMetrics'),
  AnalyticsViews: token<AnalyticsViews>('AnalyticsViews'),
  FiguresSettings: token<FiguresSettings>('FiguresSettings'),
  CollectFigures: token<CollectFigures>('CollectFigures'),
  PostFigures: token<PostFigures>('PostFigures'),
};

const T = { ...CORE_TOKENS, ...ANALYTICS_TOKENS };

/**
 * Published posts' figures (docs/analytics.md): the worker's collector, paced by config.figures
 * and waiting for publishing's calls of this process, and the API's reads of what it stored.
 * Its stores (TargetMetrics, AnalyticsViews) are still bound with the other repositories
 * (config/bindings/persistence.ts, memoryPersistence.ts): the in-memory one reads the in-memory posts.
 */
function bindAnalytics({ wiring: w, config }: CapabilityContext): void {
  w.value(T.FiguresSettings, config.figures);
  w.construct(T.CollectFigures, CollectFigures, [
    T.TargetMetrics,
    T.ConnectionRepository,
    T.PlatformConnectors,
    T.FreshGrants,
    T.ConnectionCallSlots,
    T.Clock,
    T.FiguresSettings,
  ]);
  w.construct(T.PostFigures, PostFigures, [T.PostRepository, T.TargetMetrics, T.AnalyticsViews, T.Clock]);
}

export const ANALYTICS: Capability = {
  name: 'analytics',
  bind: bindAnalytics,
  routes: (get) => ({ api: [apiRouter(ANALYTICS_OPERATIONS, get(T.PostFigures))] }),
};
