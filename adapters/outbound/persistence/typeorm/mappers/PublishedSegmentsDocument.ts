import { type PublishedOutcome } from '../../../../../domain/post/PublishedSegment';
import { RowMappingError } from './RowMappingError';

/** As stored in post_targets.published_segments: dates as ISO strings. */
interface StoredSegment {
  platformPostId: string;
  platformPostUrl: string | null;
  postedAt: string;
}

/** A target's published segments as the column holds them (null: none yet). */
export const PublishedSegmentsDocument = {
  toColumn(segments: readonly PublishedOutcome[]): StoredSegment[] | null {
    if (segments.length === 0) return null;
    return segments.map((s) => ({ platformPostId: s.platformPostId, platformPostUrl: s.platformPostUrl, postedAt: s.postedAt.toISOString() }));
  },

  /** Every entry checked: a malformed one is corrupt data, not an empty thread. */
  fromColumn(value: unknown, where: { table: string; key: string }): PublishedOutcome[] {
    if (value === null || value === undefined) return [];
    const problem = (what: string) => new RowMappingError(where.table, where.key, `published_segments ${what}`);
    if (!Array.isArray(value)) throw problem('is not a list');
    return value.map((entry: unknown, i) => {
      const s = (entry ?? {}) as Partial<Record<keyof StoredSegment, unknown>>;
      const postedAt = typeof s.postedAt === 'string' ? new Date(s.postedAt) : null;
      const urlOk = s.platformPostUrl === null || typeof s.platformPostUrl === 'string';
      if (typeof s.platformPostId !== 'string' || !urlOk || postedAt === null || Number.isNaN(postedAt.getTime())) {
        throw problem(`[${i}] is not a published segment`);
      }
      return { platformPostId: s.platformPostId, platformPostUrl: (s.platformPostUrl as string | null) ?? null, postedAt };
    });
  },
};
