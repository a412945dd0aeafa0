import { type GroupSnapshot } from '../../../../../domain/post/Group';
import { type MediaSnapshot } from '../../../../../domain/post/Media';
import { type SegmentSnapshot } from '../../../../../domain/post/Segment';
import { RowMappingError } from './RowMappingError';

/**
 * Reads the `posts.groups` JSON document back into snapshots. The document is ours, but a
 * hand edit or a bad migration would otherwise reach the domain as a half-shaped object and
 * fail far from here, so every field is checked. A document exactly as we write it (every
 * read of a post) is taken as it is; any other is rebuilt field by field, and the first
 * wrong field is named.
 */
export function readGroupsDocument(document: unknown, postId: string): GroupSnapshot[] {
  return isExactly(document) ? document : rebuilt(document, postId);
}

const isRecordOf = (value: unknown, keys: number): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === keys;
const isFiniteOrNull = (value: unknown): boolean => value === null || (typeof value === 'number' && Number.isFinite(value));
const isStringOrNull = (value: unknown): boolean => value === null || typeof value === 'string';

const isMedia = (m: unknown): boolean =>
  isRecordOf(m, 4) && typeof m.id === 'string' && isStringOrNull(m.altText) && isStringOrNull(m.thumbnailMediaId) && isFiniteOrNull(m.thumbnailTimestamp);
const isSegment = (s: unknown): boolean =>
  isRecordOf(s, 3) && typeof s.text === 'string' && Array.isArray(s.media) && s.media.every(isMedia) && isFiniteOrNull(s.delayMinutes);
const isGroup = (g: unknown): boolean =>
  isRecordOf(g, 3) && typeof g.id === 'string' && typeof g.isDefault === 'boolean' && Array.isArray(g.segments) && g.segments.every(isSegment);

/** The document has exactly the snapshots' fields, each of its type: nothing to rebuild. */
const isExactly = (document: unknown): document is GroupSnapshot[] => Array.isArray(document) && document.every(isGroup);

function rebuilt(document: unknown, postId: string): GroupSnapshot[] {
  const fail = (path: string, expected: string): never => {
    throw new RowMappingError('posts', postId, `groups document: ${path} is not ${expected}`);
  };
  const list = (value: unknown, path: string): unknown[] => (Array.isArray(value) ? value : fail(path, 'an array'));
  const record = (value: unknown, path: string): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : fail(path, 'an object');
  const string = (value: unknown, path: string): string => (typeof value === 'string' ? value : fail(path, 'a string'));
  const stringOrNull = (value: unknown, path: string): string | null => (value === null ? null : string(value, path));
  const numberOrNull = (value: unknown, path: string): number | null =>
    value === null || (typeof value === 'number' && Number.isFinite(value)) ? value : fail(path, 'a finite number or null');

  const media = (value: unknown, path: string): MediaSnapshot => {
    const m = record(value, path);
    return {
      id: string(m.id, `${path}.id`),
      altText: stringOrNull(m.altText, `${path}.altText`),
      thumbnailMediaId: stringOrNull(m.thumbnailMediaId, `${path}.thumbnailMediaId`),
      thumbnailTimestamp: numberOrNull(m.thumbnailTimestamp, `${path}.thumbnailTimestamp`),
    };
  };
  const segment = (value: unknown, path: string): SegmentSnapshot => {
    const s = record(value, path);
    return {
      text: string(s.text, `${path}.text`),
      media: list(s.media, `${path}.media`).map((m, i) => media(m, `${path}.media[${i}]`)),
      delayMinutes: numberOrNull(s.delayMinutes, `${path}.delayMinutes`),
    };
  };
  return list(document, 'the document').map((value, i): GroupSnapshot => {
    const path = `groups[${i}]`;
    const g = record(value, path);
    if (typeof g.isDefault !== 'boolean') fail(`${path}.isDefault`, 'a boolean');
    return {
      id: string(g.id, `${path}.id`),
      isDefault: g.isDefault as boolean,
      segments: list(g.segments, `${path}.segments`).map((s, j) => segment(s, `${path}.segments[${j}]`)),
    };
  });
}

/** The document as stored: the snapshots' own plain shape (nulls kept, so reading needs no defaults). */
export const writeGroupsDocument = (groups: readonly GroupSnapshot[]): GroupSnapshot[] =>
  groups.map((g) => ({
    id: g.id,
    isDefault: g.isDefault,
    segments: g.segments.map((s) => ({
      text: s.text,
      media: s.media.map((m) => ({ id: m.id, altText: m.altText, thumbnailMediaId: m.thumbnailMediaId, thumbnailTimestamp: m.thumbnailTimestamp })),
      delayMinutes: s.delayMinutes,
    })),
  }));
