import { type Context } from 'koa';
import { type PostPrecondition } from '../../../application/posts/PostPrecondition';
import { validationError } from '../../../domain/shared/DomainError';

/**
 * A post's strong validator: its stored version (the count of its saves), quoted. The path
 * names the post, so the version alone tells its representations apart; a target's is its
 * post's, since a target changes only through its post (docs/decisions.md, "Concurrent editors").
 */
export const entityTagOf = (version: number): string => `"${version}"`;

/** Sets the ETag of a post (or of one of its targets) at `version`. */
export function tagResponse(ctx: Context, version: number): void {
  ctx.set('ETag', entityTagOf(version));
}

/** One entity tag of a list: `W/` marks a weak one, which never matches in If-Match (strong comparison). */
const ENTITY_TAG = /^\s*(W\/)?"([\x21\x23-\x7E\x80-\xFF]*)"\s*(?:,|$)/;

/**
 * If-Match (RFC 9110 §13.1.1) as a condition on the post's version: `*` is any stored
 * version; a list of entity tags matches the versions its strong tags name (a weak tag, or
 * one this service never issued, matches nothing: 412). Absent: no condition. Anything else
 * is not an If-Match at all: 422 `invalid_if_match`, since no retry of it could ever pass.
 */
export function preconditionOf(ctx: Context): PostPrecondition | undefined {
  return preconditionFrom(ctx.get('If-Match'));
}

/** The same condition from the header's value, wherever it comes from (the MCP tools' `ifMatch`). */
export function preconditionFrom(value: string): PostPrecondition | undefined {
  const header = value.trim();
  if (header === '') return undefined;
  if (header === '*') return { anyVersion: true, versions: [] };
  const versions: number[] = [];
  let rest = header;
  while (rest.trim() !== '') {
    const tag = ENTITY_TAG.exec(rest);
    if (tag === null) {
      throw validationError('invalid_if_match', [
        { path: 'If-Match', message: 'must be * or a comma-separated list of entity tags ("…", as ETag gives them)' },
      ]);
    }
    if (tag[1] === undefined && /^\d{1,15}$/.test(tag[2]!)) versions.push(Number(tag[2]));
    rest = rest.slice(tag[0].length);
  }
  return { anyVersion: false, versions };
}
