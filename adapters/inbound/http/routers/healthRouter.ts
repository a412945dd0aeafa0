import { Router } from '@koa/router';
import { type CheckHealth } from '../../../../application/health/CheckHealth';
import { JSON_HEADERS } from '../chains/responseHeaders';
import { type AppState } from '../state';

/** GET /health: no credential; 503 naming the failing check, and back to 200 once it recovers. */
export function healthRouter(checkHealth: CheckHealth): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/health', async (ctx) => {
    // Outside every chain, yet a JSON answer like the API's (docs/surfaces.md).
    ctx.set(JSON_HEADERS);
    const report = await checkHealth.execute();
    ctx.status = report.status === 'ok' ? 200 : 503;
    if (report.status !== 'ok') ctx.set('Retry-After', '5');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: report.status, time: report.time.toISOString(), checks: report.checks };
  });
  return router;
}
