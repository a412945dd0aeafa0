/** Where a platform put one published piece: the post itself, or one segment of its thread. */
export interface PublishedOutcome {
  readonly platformPostId: string;
  readonly platformPostUrl: string | null;
  readonly postedAt: Date;
}

export const copyOutcome = (s: PublishedOutcome): PublishedOutcome => ({ ...s, postedAt: new Date(s.postedAt) });

export const copyOutcomes = (segments: readonly PublishedOutcome[]): readonly PublishedOutcome[] => Object.freeze(segments.map(copyOutcome));
