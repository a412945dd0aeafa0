import { type MigrationInterface } from 'typeorm';
import { TargetMetrics1732509000000 } from './1732509000000-TargetMetrics';
import { FigureReadBudgets1732509900000 } from './1732509900000-FigureReadBudgets';
import { TargetMetricsFiguresIndex1732510000000 } from './1732510000000-TargetMetricsFiguresIndex';
import { AnalyticsDays1732511000000 } from './1732511000000-AnalyticsDays';

/** The analytics capability's migrations, oldest first (listed in ./index.ts). */
export const ANALYTICS_MIGRATIONS: Array<new () => MigrationInterface> = [
  TargetMetrics1732509000000,
  FigureReadBudgets1732509900000,
  TargetMetricsFiguresIndex1732510000000,
  AnalyticsDays1732511000000,
];
