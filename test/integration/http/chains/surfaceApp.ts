import type Koa from 'koa';
import { type Surfaces } from '../../../../adapters/inbound/http/HttpDependencies';
import { type AppState } from '../../../../adapters/inbound/http/state';
import { buildHttpApp } from '../../../../config/httpApp';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';

export interface SurfaceApp extends TestApp {
  /** The real app, with the test's routers mounted through HttpDependencies.surfaces. */
  readonly app: Koa<AppState>;
}

/** The real composition on SQLite, and an app built by the real root with `surfaces(t)` mounted. */
export async function startSurfaceApp(env: Record<string, string>, surfaces: (t: TestApp) => Surfaces): Promise<SurfaceApp> {
  const t = await startTestApp(await freshDatabaseEnv('sqlite'), env);
  return { ...t, app: buildHttpApp(t.composition, surfaces(t)) };
}
