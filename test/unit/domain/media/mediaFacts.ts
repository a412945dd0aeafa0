import { type MediaFacts } from '../../../../domain/media/MediaFacts';

/** A 1080×1080, 200 KB JPEG: fits every platform that takes images. */
export const jpeg = (overrides: Partial<MediaFacts> = {}): MediaFacts => ({
  kind: 'image',
  mimeType: 'image/jpeg',
  sizeBytes: 200_000,
  width: 1080,
  height: 1080,
  durationSeconds: null,
  videoCodec: null,
  audioCodec: null,
  ...overrides,
});

/** A 1080×1920, 30 s, 10 MB MP4: fits every platform that takes videos. */
export const mp4 = (overrides: Partial<MediaFacts> = {}): MediaFacts => ({
  kind: 'video',
  mimeType: 'video/mp4',
  sizeBytes: 10_000_000,
  width: 1080,
  height: 1920,
  durationSeconds: 30,
  videoCodec: 'h264',
  audioCodec: 'aac',
  ...overrides,
});
