import { type ReadPosts } from '../../../../application/posts/ReadPosts';
import { type PostSnapshot } from '../../../../domain/post/PostSnapshot';
import { validationError } from '../../../../domain/shared/DomainError';
import { instantQuery } from '../instantQuery';
import { everyQueryProblem } from '../query';

/** The longest range one export covers: a year of the calendar. */
export const EXPORT_RANGE_MAX_DAYS = 366;
const DAY_MS = 86_400_000;
const PAGE = 100;

export interface ExportRange {
  readonly from: Date;
  readonly to: Date;
}

/** `from` (inclusive) and `to` (exclusive), both required, RFC 3339; a range the wrong way round or over a year is a 422. */
export function exportRange(query: Record<string, string | string[] | undefined>): ExportRange {
  const [from, to] = everyQueryProblem(
    () => instantQuery(query, 'from', true)!,
    () => instantQuery(query, 'to', true)!,
  );
  if (to.getTime() <= from.getTime()) throw validationError('invalid_query', [{ path: 'to', message: 'must be after from' }]);
  if (to.getTime() - from.getTime() > EXPORT_RANGE_MAX_DAYS * DAY_MS) {
    throw validationError('invalid_query', [
      { path: 'to', message: `must be at most ${EXPORT_RANGE_MAX_DAYS} days after from: export a longer time in parts` },
    ]);
  }
  return { from, to };
}

/**
 * The posts with a target in the range, as posts.list's calendar finds them (a target's
 * calendar time: when it went out, else when it is due; docs/posts.md, "The calendar"), soonest
 * first, a page at a time. A draft without a time has no place in a range and is not listed.
 */
export async function* postsInRange(read: ReadPosts, workspaceId: string, range: ExportRange): AsyncGenerator<PostSnapshot[]> {
  for (let offset = 0; ; offset += PAGE) {
    const { items } = await read.list(workspaceId, { targets: { from: range.from, to: range.to }, sort: 'scheduledAt', limit: PAGE, offset });
    if (items.length > 0) yield items;
    if (items.length < PAGE) return;
  }
}
