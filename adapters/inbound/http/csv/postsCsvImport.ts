import { type ListConnections } from '../../../../application/connections/ListConnections';
import { type ImportedRow, type ImportRow } from '../../../../application/posts/ImportPosts';
import { type Platform } from '../../../../domain/platform/Platform';
import { DomainError, type ErrorDetail, validationError } from '../../../../domain/shared/DomainError';
import { PostBody } from '../dto/PostBody';
import { toPostRequest } from '../dto/toCommands';
import { validateBody } from '../validation';
import { type ConnectionDirectory, columnOfPath, postRowBody } from './postRowBody';
import { POST_CSV_COLUMNS, type PostCsvColumn } from './postsCsvFormat';
import { type CsvRow } from './readCsvTable';

const PAGE = 100;

/** Every connection of the workspace, for the rows' `targets` to name by id or by platform. */
export async function connectionDirectory(connections: ListConnections, workspaceId: string): Promise<ConnectionDirectory> {
  const platformOf = new Map<string, Platform>();
  const active = new Map<Platform, string[]>();
  for (let offset = 0; ; offset += PAGE) {
    const { items } = await connections.execute(workspaceId, { limit: PAGE, offset });
    for (const c of items) {
      platformOf.set(c.id, c.platform);
      if (c.isActive) active.set(c.platform, [...(active.get(c.platform) ?? []), c.id]);
    }
    if (items.length < PAGE) break;
  }
  return { platformOf: (id) => platformOf.get(id), activeOn: (platform) => active.get(platform) ?? [] };
}

/**
 * Each row as posts.create's request, checked exactly as create checks its JSON body (the DTO);
 * a row whose cells or body make no request carries its problems instead (`invalid_row` for
 * the cells, `invalid_body` for the body's shape).
 */
export function importRowsOf(rows: readonly CsvRow[], connections: ConnectionDirectory): ImportRow[] {
  return rows.map((row) => {
    const made = postRowBody(row, connections);
    if ('problems' in made) return { row: row.row, refused: validationError('invalid_row', made.problems) };
    try {
      return { row: row.row, request: toPostRequest(validateBody(PostBody, made.body)) };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { row: row.row, refused: error };
    }
  });
}

/** posts.import's answer: one result per row, in the file's order, like posts.bulkCreate's. */
export function presentImport(results: readonly ImportedRow[], dryRun: boolean) {
  return {
    dryRun,
    results: results.map((result) =>
      'post' in result
        ? { row: result.row, ok: true as const, postId: dryRun ? null : result.post.id }
        : {
            row: result.row,
            ok: false as const,
            error: { code: result.error.code, message: result.error.message, problems: result.error.details.map(problemOf) },
          },
    ),
  };
}

const problemOf = ({ path, message }: ErrorDetail) => ({ column: columnOf(path), path, message });

/** The column a problem is in: by the create-body path it names, or by the cell it names. */
function columnOf(path: string): PostCsvColumn | null {
  const head = path.split(/[.[]/)[0] ?? '';
  return columnOfPath(path) ?? ((POST_CSV_COLUMNS as readonly string[]).includes(head) ? (head as PostCsvColumn) : null);
}
