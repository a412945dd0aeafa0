/** The platforms a target can publish to: the values of `settings.platform` in SPEC.md. */
export const PLATFORMS = [
  'BLUESKY',
  'FACEBOOK',
  'FARCASTER',
  'INSTAGRAM',
  'LINKEDIN',
  'PINTEREST',
  'THREADS',
  'TIKTOK',
  'TWITTER',
  'YOUTUBE',
] as const;

export type Platform = (typeof PLATFORMS)[number];

export const isPlatform = (value: unknown): value is Platform =>
  typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
