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
  const reach = 1 - Math.exp(-hours / 12) + Math.min(hours, 24 * 30) / (24 * 30 * 4);
  const scaled = (byte: number, ceiling: number) => Math.floor(((seed[byte]! + 1) / 256) * ceiling * reach);
  const views = scaled(0, 5000);
  return {
    views,
    likes: scaled(1, Math.max(1, views / 10)),
    reposts: scaled(2, Math.max(1, views / 60)),
    replies: scaled(3, Math.max(1, views / 80)),
    quotes: scaled(4, Math.max(1, views / 400)),
    saves: scaled(5, Math.max(1, views / 120)),
    clicks: scaled(6, Math.max(1, views / 30)),
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
