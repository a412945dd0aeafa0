import { createHash } from 'node:crypto';

/** A reel's transcription, owned by the person who asked for it (docs/spec.md, "Transcription"). */
export interface Transcription {
  readonly id: string;
  readonly userId: string;
  readonly reelId: string;
  readonly reelUrl: string;
  readonly text: string;
  readonly altText: string | null;
  readonly language: string;
  readonly durationSeconds: number;
  readonly createdAt: Date;
}

/**
 * The reel's id (docs/decisions.md, "The account surface"): the last non-empty path segment of
 * the URL (an Instagram /reel/<id>/, a TikTok /video/<id>, a YouTube /shorts/<id>); a URL without
 * one gets the first 16 hex digits of its SHA-256.
 */
export function reelIdOf(reelUrl: string): string {
  const segments = new URL(reelUrl).pathname.split('/').filter((s) => s !== '');
  const last = segments.at(-1);
  if (last !== undefined && /^[A-Za-z0-9_-]{1,100}$/.test(last)) return last;
  return createHash('sha256').update(reelUrl).digest('hex').slice(0, 16);
}
