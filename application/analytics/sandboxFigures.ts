import { type PostCounts } from '../../domain/analytics/PostCounts';

const HOUR_MS = 3_600_000;

/**
 * A sandbox post's figures: made up, but the same for the same post at the same age and never
 * smaller later, so a newcomer sees the feature work (docs/analytics.md, "The sandbox"). Each
 * figure grows like a post's attention does, fast in its first day, slowly after.
 */
export function sandboxFigures(targetId: string, postedAt: Date, now: Date): PostCounts {
  const seed = bytesOf(targetId);
  const hours = Math.max(0, (now.getTime() - postedAt.getTime()) / HOUR_MS);
  // A first burst (its first ten minutes), the day's attention, then a slow month's tail.
  const reach = 0.25 * (1 - Math.exp(-hours * 6)) + 0.55 * (1 - Math.exp(-hours / 12)) + (0.2 * Math.min(hours, 24 * 30)) / (24 * 30);
  const share = (byte: number) => (seed[byte]! + 1) / 256;
  const views = Math.floor(share(0) * 5000 * reach);
  // Each other figure a fixed share of the views: it grows with them and never shrinks.
  const ofViews = (byte: number, perView: number) => Math.floor(views * share(byte) * perView);
  return {
    views,
    likes: ofViews(1, 0.12),
    reposts: ofViews(2, 0.03),
    replies: ofViews(3, 0.02),
    quotes: ofViews(4, 0.005),
    saves: ofViews(5, 0.015),
    clicks: ofViews(6, 0.04),
  };
}

/** Eight bytes from the id (FNV-1a, twice): enough spread that posts differ, the same every time. */
function bytesOf(id: string): number[] {
  const hash = (offset: number) => {
    let h = 0x811c9dc5 ^ offset;
    for (const char of id) h = Math.imul(h ^ char.charCodeAt(0), 0x01000193) >>> 0;
    return h;
  };
  const [a, b] = [hash(0), hash(0x9e3779b9)];
  return [a, a >>> 8, a >>> 16, a >>> 24, b, b >>> 8, b >>> 16, b >>> 24].map((x) => x & 0xff);
}
