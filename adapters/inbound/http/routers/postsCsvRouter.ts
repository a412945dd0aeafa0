import { Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type ListConnections } from '../../../../application/connections/ListConnections';
import { type ImportPosts } from '../../../../application/posts/ImportPosts';
import { type ReadPosts } from '../../../../application/posts/ReadPosts';
import { validationError } from '../../../../domain/shared/DomainError';
import { postsCsvFile } from '../csv/postsCsvFile';
import { connectionDirectory, importRowsOf, presentImport } from '../csv/postsCsvImport';
import { readCsvTable } from '../csv/readCsvTable';
import { exportRange } from '../csv/postsInRange';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { actorOf } from './postActor';

export interface PostsCsvUseCases {
  readonly import: ImportPosts;
  readonly read: ReadPosts;
  readonly connections: ListConnections;
}

const BASE = '/v1/workspaces/:workspaceId/posts';

/**
 * posts.import and posts.export, on the CSV surface (chains/csvChain.ts): the file's format is
 * csv/postsCsvFormat.ts, docs/posts-import-export.md tells it.
 */
export function postsCsvRouter({ access, writes, logger }: RouteKit, posts: PostsCsvUseCases): Router<AppState> {
  const router = new Router<AppState>();

  // A dry run writes nothing, an idempotency record included: its key is not kept.
  const keptUnlessDryRun: Middleware<AppState> = (ctx, next) => (isDryRun(ctx.query.dryRun) ? next() : writes(ctx, next));

  router.post(`${BASE}/import`, access('posts:write'), keptUnlessDryRun, async (ctx) => {
    const dryRun = isDryRun(ctx.query.dryRun);
    if (typeof ctx.request.body !== 'string')
      throw validationError('invalid_csv', [{ path: 'rows[1]', message: 'the body is empty: send the file, with Content-Type: text/csv' }]);
    const rows = readCsvTable(ctx.request.body);
    const actor = actorOf(ctx);
    const requests = importRowsOf(rows, await connectionDirectory(posts.connections, actor.workspaceId));
    ctx.body = presentImport(await posts.import.execute(actor, requests, { dryRun }), dryRun);
  });

  router.get(`${BASE}/export`, access('posts:read'), async (ctx) => {
    const range = exportRange(ctx.query);
    const file = await postsCsvFile(posts.read, actorOf(ctx).workspaceId, range, logger, ctx.state.requestId);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="posts-${range.from.toISOString().slice(0, 10)}-${range.to.toISOString().slice(0, 10)}.csv"`);
    ctx.body = file;
  });
  return router;
}

/** `?dryRun=true`; absent, empty or `false` runs the import. Anything else is a 422, never a guess. */
function isDryRun(raw: string | string[] | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw validationError('invalid_query', [{ path: 'dryRun', message: 'must be true or false' }]);
}
