import {
  LIST_SEPARATOR,
  MEDIA_SEGMENT_SEPARATOR,
  POST_CSV_BYTES_MAX,
  POST_CSV_COLUMNS,
  POST_CSV_ROWS_MAX,
  QUEUE,
  REQUIRED_POST_CSV_COLUMNS,
  SEGMENT_SEPARATOR,
} from '../../csv/postsCsvFormat';
import { EXPORT_RANGE_MAX_DAYS } from '../../csv/postsInRange';
import { authenticatedOperation, idempotencyKeyParameter } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type HeaderObject, type ParameterObject, type PathMap } from '../types';
import { POSTS_ERRORS } from './postParameters';

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

/** Dry runs, CSV in and out (docs/posts-import-export.md); the two CSV operations are served by the CSV surface (docs/surfaces.md). */
export const postsImportExportPaths: PathMap = {
  [`${POSTS}/validate`]: {
    post: authenticatedOperation({
      operationId: 'posts.validate',
      summary: 'Check a post as posts.create would, storing nothing',
      description:
        "Needs posts:write. Takes exactly the posts.create body and answers 200 whatever it finds: every check create makes (the body, the platforms' rules, " +
        'media fit per platform, the connections), run by the create path itself in a unit of work that is then rolled back, so nothing is stored, ' +
        'no slot held and no event sent; plus warnings for what would fail later. A queued target shows the slot it would take now.',
      tags: ['posts'],
      scope: 'posts:write',
      parameters: [
        parameterRef('WorkspaceId'),
        {
          ...idempotencyKeyParameter,
          description: 'Accepted and not kept: a dry run changes nothing, so there is no answer to replay; sending it again is the retry.',
        },
      ],
      requestBody: { description: 'A posts.create body.', schema: schemaRef('PostRequest') },
      success: { status: 200, description: 'The dry run.', schema: schemaRef('PostDryRun') },
      errors: POSTS_ERRORS,
    }),
  },
  [`${POSTS}/import`]: {
    post: authenticatedOperation({
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
    }),
  },
  [`${POSTS}/export`]: {
    get: authenticatedOperation({
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
    }),
  },
};
