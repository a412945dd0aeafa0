import { Router } from '@koa/router';
import { type ListPlatforms } from '../../../../application/connections/ListPlatforms';
import { presentPlatform } from '../presenters/presentPlatform';
import { type AppState } from '../state';

/** `GET /v1/platforms`: the ten platforms, whether this service is configured for each, how each connects, its limits. */
export function platformsRouter(platforms: ListPlatforms): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/v1/platforms', (ctx) => {
    ctx.body = { data: platforms.execute().map(presentPlatform) };
  });
  return router;
}
