import { POST_CSV_COLUMNS, POST_CSV_ROWS_MAX } from '../../csv/postsCsvFormat';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, nullable } from './building';
import { orNull } from './postShared';

/** posts.validate and posts.import's answers (docs/posts-import-export.md). */
export const postsImportExportSchemas: SchemaMap = {
  PostDryRun: closedObject({
    description:
      'What posts.create would do with the body now, nothing stored, held or sent: `problems` are its 422 details (valid false, post null); ' +
      "`warnings` what it accepts but would go wrong later: a connection needing reconnection, a platform post budget spent in the window before a target's time, " +
      'and the slot a queued target would take (held only once the post is created).',
    properties: {
      valid: { type: 'boolean', description: 'True when posts.create would accept the body now.' },
      problems: arrayOf(schemaRef('ErrorDetail'), 'What posts.create would refuse, by path of the body; empty when valid.'),
      warnings: arrayOf(schemaRef('ErrorDetail'), 'What would go wrong later, by path of the body.'),
      post: orNull(schemaRef('Post'), 'The post posts.create would store now (its ids are not kept: create gives new ones); null when not valid.'),
    },
  }),
  PostsImportProblem: closedObject({
    description: 'One problem of a row: its column, and the path in the create body the row stands for (or the cell: settings.TWITTER).',
    properties: {
      column: { type: ['string', 'null'], enum: [...POST_CSV_COLUMNS, null], description: 'The column the problem is in; null when it is the row as a whole.' },
      path: { type: 'string' },
      message: { type: 'string' },
    },
  }),
  PostsImportSuccess: closedObject({
    description: 'The row was created (or, on a dry run, would be).',
    properties: {
      row: { type: 'integer', minimum: 2, description: "The row's number in the file: the header is row 1." },
      ok: { type: 'boolean', const: true },
      postId: nullable({ type: 'string', description: 'The new post; null on a dry run, which stores nothing.' }),
    },
  }),
  PostsImportFailure: closedObject({
    description: 'The row was refused; the other rows are unaffected.',
    properties: {
      row: { type: 'integer', minimum: 2, description: "The row's number in the file: the header is row 1." },
      ok: { type: 'boolean', const: false },
      error: closedObject({
        properties: {
          code: {
            type: 'string',
            description:
              'invalid_row (its cells: a target no connection answers to, times or settings that cannot be read), or the code posts.create gives its body (invalid_body, invalid_post, …).',
          },
          message: { type: 'string' },
          problems: arrayOf(schemaRef('PostsImportProblem'), 'Every problem found, by column.'),
        },
      }),
    },
  }),
  PostsImportResultItem: {
    description: 'The outcome of one row, by its number in the file.',
    oneOf: [schemaRef('PostsImportSuccess'), schemaRef('PostsImportFailure')],
  },
  PostsImportResult: closedObject({
    description: `One result per row, in the file's order (at most ${POST_CSV_ROWS_MAX}).`,
    properties: {
      dryRun: { type: 'boolean', description: 'True when nothing was written (?dryRun=true).' },
      results: arrayOf(schemaRef('PostsImportResultItem')),
    },
  }),
};
