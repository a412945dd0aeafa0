import { type Post } from '../../domain/post/Post';
import { DomainError } from '../../domain/shared/DomainError';
import { type PostRehearsal } from './PostRehearsal';
import { type PostActor, type PostRequest } from './PostRequest';
import { type PostStore } from './PostStore';
import { type WritePosts } from './WritePosts';

/** One post of an import, by its row in the file: its create request, or why its cells make none. */
export type ImportRow = { readonly row: number; readonly request: PostRequest } | { readonly row: number; readonly refused: DomainError };

/** What became of a row: its post (not stored on a dry run), or why create refused it. */
export type ImportedRow = { readonly row: number; readonly post: Post } | { readonly row: number; readonly error: DomainError };

/**
 * posts.import (docs/posts-import-export.md): each row is created as posts.create would, in
 * the file's order, so a row refused never stops the others and queued rows take slots one
 * after the other. The rows are written as ONE unit of work: the valid ones together, or none
 * when the import as a whole fails (an outage, a bug, the request's deadline), so a retry
 * under the same Idempotency-Key never finds half a file already written. A dry run is the
 * same rows rehearsed (PostRehearsal): every check, nothing kept.
 */
export class ImportPosts {
  constructor(
    private readonly write: WritePosts,
    private readonly store: PostStore,
    private readonly rehearsal: PostRehearsal,
  ) {}

  execute(actor: PostActor, rows: readonly ImportRow[], options: { readonly dryRun: boolean }): Promise<ImportedRow[]> {
    if (options.dryRun) return this.rehearsal.run((judge) => this.each(rows, (request) => judge(actor, request)));
    return this.store.within(() => this.each(rows, (request) => this.write.create(actor, request)));
  }

  private async each(rows: readonly ImportRow[], make: (request: PostRequest) => Promise<Post>): Promise<ImportedRow[]> {
    const results: ImportedRow[] = [];
    for (const item of rows) {
      if ('refused' in item) {
        results.push({ row: item.row, error: item.refused });
        continue;
      }
      try {
        results.push({ row: item.row, post: await make(item.request) });
      } catch (error) {
        if (!isTheRowsOwn(error)) throw error;
        results.push({ row: item.row, error });
      }
    }
    return results;
  }
}

/** A refusal of the row's content; anything else (an outage, a bug) fails the whole import, and nothing of it is kept. */
const isTheRowsOwn = (error: unknown): error is DomainError => error instanceof DomainError && error.kind !== 'unavailable';
