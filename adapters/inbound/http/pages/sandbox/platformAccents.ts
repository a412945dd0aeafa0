import { type Platform } from '../../../../../domain/platform/Platform';

/** Each platform's accent on its sandbox pages, close to its own brand colour, so a page says where it "went". */
export const PLATFORM_ACCENTS: Record<Platform, string> = {
  BLUESKY: '#1185fe',
  FACEBOOK: '#1877f2',
  FARCASTER: '#855dcd',
  INSTAGRAM: '#d62976',
  LINKEDIN: '#0a66c2',
  PINTEREST: '#e60023',
  THREADS: '#101010',
  TIKTOK: '#fe2c55',
  TWITTER: '#1d9bf0',
  YOUTUBE: '#ff0000',
};
