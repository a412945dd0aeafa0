import { type Middleware } from 'koa';
import { type ListConnections } from '../../../../application/connections/ListConnections';
import { type Logger } from '../../../../application/ports/Logger';
import { type ImportPosts } from '../../../../application/posts/ImportPosts';
import { type ReadPosts } from '../../../../application/posts/ReadPosts';
import { validationError } from '../../../../domain/shared/DomainError';
import {
  LIST_SEPARATOR,
  MEDIA_SEGMENT_SEPARATOR,
  POST_CSV_BYTES_MAX,
  POST_CSV_COLUMNS,
  POST_CSV_ROWS_MAX,
  QUEUE,
  REQUIRED_POST_CSV_COLUMNS,
  SEGMENT_SEPARATOR,
} from '../csv/postsCsvFormat';
import { postsCsvFile } from '../csv/postsCsvFile';
import { connectionDirectory, importRowsOf, presentImport } from '../csv/postsCsvImport';
import { EXPORT_RANGE_MAX_DAYS, exportRange } from '../csv/postsInRange';
import { readCsvTable } from '../csv/readCsvTable';
import { POSTS_ERRORS } from '../openapi/paths/postParameters';
import { parameterRef, schemaRef } from '../openapi/refs';
import { type HeaderObject, type ParameterObject } from '../openapi/types';
import { actorOf } from '../routers/postActor';
import { type AppState } from '../state';
import { type ApiOperations } from './ApiOperation';

export interface PostsCsvUseCases {
  readonly import: ImportPosts;
  readonly read: ReadPosts;
  readonly connections: ListConnections;
  /** Where an export that ends early, its first rows already sent, is reported. */
  readonly logger: Logger;
}

const POSTS = '/v1/workspaces/{workspaceId}/posts';

const CSV_FORMAT =
  `UTF-8 (a byte-order mark is accepted), a header row naming the columns (${POST_CSV_COLUMNS.join(', ')}; ${REQUIRED_POST_CSV_COLUMNS.join(' and ')} required, any order), one row per post. ` +
  `text: the segments, separated by a line holding exactly ${SEGMENT_SEPARATOR} (a segment's own line ${SEGMENT_SEPARATOR} written \\${SEGMENT_SEPARATOR}); ` +
  `targets: connection ids or platform names (a platform name is the workspace's one active connection on it), separated by ${LIST_SEPARATOR}; ` +
  `scheduledAt: an RFC 3339 instant, ${QUEUE} (the next free slot of the connection's schedule) or empty, one for every target or one per target separated by ${LIST_SEPARATOR}; ` +
  `intent: draft, schedule or publish_now (empty: draft); media: media ids separated by ${LIST_SEPARATOR}, segment by segment separated by ${MEDIA_SEGMENT_SEPARATOR}; ` +
  'settings: a JSON object of settings values by platform name or connection id (docs/posts-import-export.md).';

const dryRunParameter: ParameterObject = {
  name: 'dryRun',
  in: 'query',
  required: false,
  description:
    'true: every row is checked exactly as the import would, and nothing is written (no post, slot, event or Idempotency-Key record). Absent, empty or false: the import.',
  schema: { type: 'string', enum: ['true', 'false', ''] },
};

const instant = (name: string, description: string): ParameterObject => ({
  name,
  in: 'query',
  required: true,
  description,
  schema: { type: 'string', format: 'date-time' },
});

const contentDisposition: HeaderObject = {
  description: 'attachment, with a file name giving the range (posts-2030-01-01-2030-02-01.csv).',
  required: true,
  schema: { type: 'string' },
};

const keptUnlessDryRun = (writes: Middleware<AppState>): Middleware<AppState> =>
  function keptUnlessDryRun(ctx, next) {
    return isDryRun(ctx.query.dryRun) ? next() : writes(ctx, next);
  };

/**
 * posts.import and posts.export, on the CSV surface (chains/csvChain.ts): the file's format is
 * csv/postsCsvFormat.ts, docs/posts-import-export.md tells it.
 */
export const POSTS_CSV_OPERATIONS: ApiOperations<PostsCsvUseCases> = [
  {
    surface: 'csv',
    method: 'post',
    path: `${POSTS}/import`,
    operationId: 'posts.import',
    summary: `Create up to ${POST_CSV_ROWS_MAX} posts from a CSV file`,
    description:
      `Needs posts:write. ${CSV_FORMAT} Each row becomes the posts.create body it stands for and is created as create would, in the file's order; ` +
      'a refused row is reported in its own result (its problems by column) and never fails the others. The valid rows are written together, in one unit of work. ' +
      `A file that cannot be read as a whole (not UTF-8, quotes that do not balance, unknown or missing columns, a row with too many or too few cells, a cell over its size, more than ${POST_CSV_ROWS_MAX} rows) ` +
      `is a 422 invalid_csv naming the row (the header is row 1) and column, and nothing of it is written; over ${POST_CSV_BYTES_MAX} bytes, a 413; another Content-Type, a 415.`,
    tags: ['posts'],
    scope: 'posts:write',
    parameters: [parameterRef('WorkspaceId'), dryRunParameter],
    requestBody: {
      description: 'The CSV file.',
      content: { 'text/csv': { schema: { type: 'string', maxLength: POST_CSV_BYTES_MAX, description: CSV_FORMAT } } },
    },
    success: { status: 200, description: 'One result per row, in the file order.', schema: schemaRef('PostsImportResult') },
    errors: POSTS_ERRORS,
    idempotent: true,
    // A dry run writes nothing, an idempotency record included: its key is not kept.
    guards: (kit) => [keptUnlessDryRun(kit.writes)],
    async handle(ctx, posts) {
      const dryRun = isDryRun(ctx.query.dryRun);
      if (typeof ctx.request.body !== 'string')
        throw validationError('invalid_csv', [{ path: 'rows[1]', message: 'the body is empty: send the file, with Content-Type: text/csv' }]);
      const rows = readCsvTable(ctx.request.body);
      const actor = actorOf(ctx);
      const requests = importRowsOf(rows, await connectionDirectory(posts.connections, actor.workspaceId));
      ctx.body = presentImport(await posts.import.execute(actor, requests, { dryRun }), dryRun);
    },
  },
  {
    surface: 'csv',
    method: 'get',
    path: `${POSTS}/export`,
    operationId: 'posts.export',
    summary: 'The posts of a time range as a CSV file posts.import reads back',
    description:
      `Needs posts:read. The posts with a target whose calendar time (when it went out, else when it is due) is in [from, to), soonest first, at most ${EXPORT_RANGE_MAX_DAYS} days; ` +
      `drafts without a time are not in any range. Streamed, one row per post, in posts.import's columns. ${CSV_FORMAT} ` +
      'A post comes back with its default group\'s content for every target; one that has begun publishing comes back as a draft (docs/posts-import-export.md, "What a round trip keeps").',
    tags: ['posts'],
    scope: 'posts:read',
    parameters: [parameterRef('WorkspaceId'), instant('from', 'Inclusive, RFC 3339 with an offset.'), instant('to', 'Exclusive, after from.')],
    success: {
      status: 200,
      description: 'The CSV file, with a header row and CRLF line ends.',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    successHeaders: { 'Content-Disposition': contentDisposition },
    errors: POSTS_ERRORS,
    async handle(ctx, posts) {
      const range = exportRange(ctx.query);
      const file = await postsCsvFile(posts.read, actorOf(ctx).workspaceId, range, posts.logger, ctx.state.requestId);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="posts-${range.from.toISOString().slice(0, 10)}-${range.to.toISOString().slice(0, 10)}.csv"`);
      ctx.body = file;
    },
  },
];

/** `?dryRun=true`; absent, empty or `false` runs the import. Anything else is a 422, never a guess. */
function isDryRun(raw: string | string[] | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw validationError('invalid_query', [{ path: 'dryRun', message: 'must be true or false' }]);
}
