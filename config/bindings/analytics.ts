import { CollectFigures } from '../../application/analytics/CollectFigures';
import { PostFigures } from '../../application/analytics/PostFigures';
import { type Config } from '../env';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/**
 * Published posts' figures (docs/analytics.md): the worker's collector, paced by config.figures
 * and waiting for publishing's calls of this process, and the API's reads of what it stored.
 * The stores are the persistence's (TargetMetrics, AnalyticsViews).
 */
export function bindAnalytics(w: Wiring, config: Config): void {
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
