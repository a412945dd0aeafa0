import { type Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type Logger } from '../../../application/ports/Logger';
import { type Scope } from '../../../domain/credential/Scope';
import { type AppState } from './state';

/** What every router of the JSON API mounts around its handlers, made once by createApp. */
export interface RouteKit {
  /** The caller's live access to the path's workspace, needing `scope` (null: membership only). */
  access(scope: Scope | null): Middleware<AppState>;
  /**
   * For writing routes, after the access check (never before it: a stored answer, an API
   * key's secret included, is replayed only to a caller allowed to make the request now):
   * the Idempotency-Key.
   */
  readonly writes: Middleware<AppState>;
  readonly logger: Logger;
}

/**
 * One router of the API, given the kit: apiRouter (operations/apiRouter.ts) makes one from a
 * capability's declared operations and the use cases they call. The composition root lists
 * them (config/httpRoutes.ts, config/capabilities/).
 */
export type ApiRoutes = (kit: RouteKit) => Router<AppState>;
