import { ACCEPTED_PLATFORM_NAMES, platformNamed } from '../../../../domain/platform/Platform';
import { POST_LIST_SORTS, type PostListSort, type TargetFilter } from '../../../../domain/post/PostCalendar';
import { isPostStatus, POST_STATUSES, type PostStatus } from '../../../../domain/post/PostStatus';
import { type ErrorDetail, validationError } from '../../../../domain/shared/DomainError';
import { isRealInstant } from '../dto/instant';

type Query = Record<string, string | string[] | undefined>;

export interface PostListFilters {
  readonly status?: PostStatus;
  readonly targets?: TargetFilter;
  readonly sort?: PostListSort;
}

/**
 * posts.list's filters and order (docs/posts.md, "The calendar"): each given once, an empty
 * value the same as none. Every bad one is named in one 422 invalid_query, as a body's
 * problems are reported together.
 */
export function parsePostListFilters(query: Query): PostListFilters {
  const problems: ErrorDetail[] = [];
  const one = <T>(name: string, accepts: (raw: string) => T | undefined, expected: string): T | undefined => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    const value = typeof raw === 'string' ? accepts(raw) : undefined;
    if (value === undefined) problems.push({ path: name, message: typeof raw === 'string' ? expected : `must be given once; ${expected}` });
    return value;
  };
  const status = one('status', (raw) => (isPostStatus(raw) ? raw : undefined), `must be one of ${POST_STATUSES.join(', ')}`);
  const instant = (raw: string) => (isRealInstant(raw) ? new Date(raw) : undefined);
  const instantExpected = 'must be an RFC 3339 date-time with an offset, from 1970 to 9999 (e.g. 2030-01-01T00:00:00Z)';
  const from = one('from', instant, instantExpected);
  const to = one('to', instant, instantExpected);
  if (from !== undefined && to !== undefined && to.getTime() < from.getTime()) problems.push({ path: 'to', message: 'must not be before from' });
  const platform = one('platform', (raw) => platformNamed(raw) ?? undefined, `must be one of ${ACCEPTED_PLATFORM_NAMES}`);
  const connectionId = one('connectionId', (raw) => raw, 'must be a connection id');
  const sort = one('sort', (raw) => POST_LIST_SORTS.find((s) => s === raw), `must be one of ${POST_LIST_SORTS.join(', ')}`);
  if (problems.length > 0) throw validationError('invalid_query', problems);
  const targets: TargetFilter = { from, to, platform, connectionId };
  const filtering = Object.values(targets).some((value) => value !== undefined);
  return { status, targets: filtering ? targets : undefined, sort };
}
