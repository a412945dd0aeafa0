/**
 * What a published post did, in one set of names for every platform (docs/analytics.md): null
 * where the platform does not report the figure to the app, never a made-up zero.
 */
export const COUNT_NAMES = ['likes', 'reposts', 'replies', 'quotes', 'saves', 'views', 'clicks'] as const;
export type CountName = (typeof COUNT_NAMES)[number];
export type PostCounts = Readonly<Record<CountName, number | null>>;

/** The platform's own figures, by the platform's own names (`public_metrics.retweet_count`). */
export type RawCounts = Readonly<Record<string, number>>;

export const NO_COUNTS: PostCounts = { likes: null, reposts: null, replies: null, quotes: null, saves: null, views: null, clicks: null };

/** Counts from the figures a platform gave: each a whole number at least 0, or null. */
export function countsOf(figures: Partial<Record<CountName, unknown>>): PostCounts {
  const read = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null);
  return Object.fromEntries(COUNT_NAMES.map((name) => [name, read(figures[name])])) as PostCounts;
}

/** Each name summed over `rows`: null only where no row reports it. */
export function sumCounts(rows: readonly PostCounts[]): PostCounts {
  return Object.fromEntries(
    COUNT_NAMES.map((name) => {
      const reported = rows.map((row) => row[name]).filter((value): value is number => value !== null);
      return [name, reported.length === 0 ? null : reported.reduce((a, b) => a + b, 0)];
    }),
  ) as PostCounts;
}
