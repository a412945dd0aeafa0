import { type Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type AuthenticateBearer } from '../../../../application/auth/AuthenticateBearer';
import { type Logger } from '../../../../application/ports/Logger';
import { decodeCsvText } from '../csv/decodeCsvText';
import { identifyCaller, requireCredential } from '../middleware/authenticate';
import { errorHandler } from '../middleware/errorHandler';
import { rateLimit, type RateLimitOptions } from '../middleware/rateLimit';
import { type AppState } from '../state';
import { carriesBody, ClientError, refuseCompressed } from './clientError';
import { deadlineOf, inOrder, routing } from './inOrder';
import { readRawBody } from './readRawBody';
import { jsonFrame } from './jsonFrame';

export interface CsvChainOptions {
  readonly logger: Logger;
  readonly baseUrl: string;
  readonly authenticate: AuthenticateBearer;
  /** The JSON API's limit and buckets: a CSV request counts like any other API request. */
  readonly rateLimit: RateLimitOptions;
  readonly bodyLimitBytes: number;
  readonly deadline?: Middleware<AppState>;
}

/**
 * CSV files of the API (posts.import and posts.export): the JSON API's credential, rate limit,
 * headers, error body and request ceiling, with a body parser of its own. A body must be
 * `text/csv` (415 otherwise, or when compressed, or in a charset other than UTF-8), at most
 * `bodyLimitBytes` (413), UTF-8 (a BOM is dropped; any other byte is a 422 `invalid_csv`
 * naming its row and column). It is read whole and handed to the route as text in
 * `ctx.request.body`, where the Idempotency-Key's fingerprint reads it as it reads a JSON body.
 * Workspace access stays each route's own check, as on the JSON API.
 */
export function csvChain(routers: readonly Router<AppState>[], options: CsvChainOptions): Middleware<AppState> {
  return inOrder(
    jsonFrame,
    errorHandler(options.logger, options.baseUrl),
    ...deadlineOf(options),
    identifyCaller(options.authenticate),
    rateLimit(options.rateLimit),
    requireCredential(),
    csvBody(options.bodyLimitBytes),
    ...routing(routers),
  );
}

const csvBody =
  (limitBytes: number): Middleware<AppState> =>
  async (ctx, next) => {
    if (!carriesBody(ctx)) return next();
    if (ctx.request.is('text/csv') === false) throw new ClientError(415, 'the body must be CSV (Content-Type: text/csv)');
    const charset = ctx.request.charset.toLowerCase();
    if (charset !== '' && charset !== 'utf-8' && charset !== 'utf8') throw new ClientError(415, `the CSV must be UTF-8 (charset=utf-8), not ${charset}`);
    refuseCompressed(ctx);
    ctx.request.body = decodeCsvText(await readRawBody(ctx.req, limitBytes));
    await next();
  };
