import { type TargetMetrics } from '../../../application/ports/TargetMetrics';
import { type AnalyticsViews } from '../../../application/ports/AnalyticsViews';
import { type CollectFigures, type FiguresSettings } from '../../../application/analytics/CollectFigures';
import { type PostFigures } from '../../../application/analytics/PostFigures';
import { token } from '../../Wiring';

/** Published posts' figures (docs/analytics.md): the store, the sums, the collector, the API's reads. */
export const ANALYTICS_TOKENS = {
  TargetMetrics: token<TargetMetrics>('TargetMetrics'),
  AnalyticsViews: token<AnalyticsViews>('AnalyticsViews'),
  FiguresSettings: token<FiguresSettings>('FiguresSettings'),
  CollectFigures: token<CollectFigures>('CollectFigures'),
  PostFigures: token<PostFigures>('PostFigures'),
};
