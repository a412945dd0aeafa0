/**
 * What a segment left to resume from while X processes its media: every media id its tweet
 * will name, and those X was still processing. Media ids stay usable for the
 * `expires_after_secs` X gave them, far longer than processing takes.
 */
export interface MediaCheckpoint {
  readonly mediaIds: readonly string[];
  readonly pending: readonly string[];
}

export const encodeCheckpoint = (checkpoint: MediaCheckpoint): string =>
  JSON.stringify({ twitterMedia: { mediaIds: checkpoint.mediaIds, pending: checkpoint.pending } });

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** Null for anything this connector did not write (the upload then starts over). */
export function decodeCheckpoint(text: string | null): MediaCheckpoint | null {
  if (text === null) return null;
  try {
    const value = (JSON.parse(text) as { twitterMedia?: { mediaIds?: unknown; pending?: unknown } } | null)?.twitterMedia;
    if (!isIdList(value?.mediaIds) || !isIdList(value.pending)) return null;
    return { mediaIds: value.mediaIds, pending: value.pending };
  } catch {
    return null;
  }
}
