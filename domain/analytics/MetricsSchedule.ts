/**
 * When a published post's figures are read (docs/analytics.md, "When figures are collected"):
 * about an hour, a day and a week after it went out; on demand at most once per ten minutes.
 */
export const COLLECT_AFTER_MS = [3_600_000, 86_400_000, 7 * 86_400_000] as const;
export const REFRESH_EVERY_MS = 10 * 60_000;

/** The next scheduled collection after `now` for a post published at `postedAt`, or null once the week's is done. */
export function nextCollection(postedAt: Date, now: Date): Date | null {
  const next = COLLECT_AFTER_MS.map((after) => postedAt.getTime() + after).find((at) => at > now.getTime());
  return next === undefined ? null : new Date(next);
}

/** The first collection of a post just published (or found published): its hour's. */
export const firstCollection = (postedAt: Date): Date => new Date(postedAt.getTime() + COLLECT_AFTER_MS[0]);

/** Whether a refresh asked for at `now` is too soon after the last one (and when the next may be). */
export function refreshTooSoon(lastRequestedAt: Date | null, now: Date): Date | null {
  if (lastRequestedAt === null) return null;
  const allowedAt = lastRequestedAt.getTime() + REFRESH_EVERY_MS;
  return allowedAt > now.getTime() ? new Date(allowedAt) : null;
}
