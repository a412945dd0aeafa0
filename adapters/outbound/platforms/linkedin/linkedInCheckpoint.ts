import { type UploadedMedia } from './linkedInMedia';

/**
 * What a post leaves to resume from while LinkedIn processes its video: the author the media
 * were uploaded for (a video belongs to its owner, who must be the post's author), every
 * media item the post will name, and the videos not yet seen AVAILABLE. The next call checks
 * those and creates the post; it never uploads again.
 */
export interface VideoCheckpoint {
  readonly author: string;
  readonly media: readonly UploadedMedia[];
  readonly pending: readonly string[];
}

export const encodeCheckpoint = (checkpoint: VideoCheckpoint): string =>
  JSON.stringify({ linkedInPost: { author: checkpoint.author, media: checkpoint.media, pending: checkpoint.pending } });

const isMedia = (value: unknown): value is UploadedMedia => {
  const item = value as { id?: unknown; kind?: unknown; altText?: unknown } | null;
  return typeof item?.id === 'string' && (item.kind === 'image' || item.kind === 'video') && (item.altText === null || typeof item.altText === 'string');
};

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** Null for no checkpoint, or one this connector did not write (the upload then starts over). */
export function decodeCheckpoint(text: string | null): VideoCheckpoint | null {
  if (text === null) return null;
  try {
    const value = (JSON.parse(text) as { linkedInPost?: { author?: unknown; media?: unknown; pending?: unknown } } | null)?.linkedInPost;
    if (typeof value?.author !== 'string' || !Array.isArray(value.media) || !value.media.every(isMedia) || !isIdList(value.pending)) return null;
    return { author: value.author, media: value.media, pending: value.pending };
  } catch {
    return null;
  }
}
