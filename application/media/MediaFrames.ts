import { type MediaItem } from '../../domain/media/MediaItem';
import { type FileStaging } from '../ports/FileStaging';
import { type MediaInspector } from '../ports/MediaInspector';
import { type MediaStore } from '../ports/MediaStore';

export const framesPrefixOf = (item: Pick<MediaItem, 'workspaceId' | 'id'>): string => `media/${item.workspaceId}/${item.id}-frames/`;

/**
 * A video's frame at a time (the thumbnail a segment names with `thumbnailTimestamp`), made
 * once with ffmpeg and kept beside the video (docs/decisions.md, "Media").
 */
export class MediaFrames {
  constructor(
    private readonly store: MediaStore,
    private readonly staging: FileStaging,
    private readonly inspector: MediaInspector,
  ) {}

  /** The store key of the JPEG frame at `atSeconds` (rounded to the millisecond). */
  async frameAt(video: MediaItem, atSeconds: number): Promise<string> {
    if (video.facts?.kind !== 'video' || video.storageKey === null) throw new Error(`media ${video.id} is not a ready video`);
    // Past the end is the last moment (the frame ffmpeg can give): one key per frame that exists.
    const at = Math.min(Math.max(0, atSeconds), video.facts.durationSeconds ?? 0);
    const key = `${framesPrefixOf(video)}${Math.round(at * 1000)}.jpg`;
    if ((await this.store.size(key)) !== null) return key;
    const stored = await this.store.get(video.storageKey);
    if (stored === null) throw new Error(`media ${video.id} has no stored bytes`);
    const { file } = await this.staging.stage(stored.body, Number.MAX_SAFE_INTEGER);
    const frame = this.staging.reserve('.jpg');
    try {
      await this.inspector.videoFrame(file, at, frame);
      await this.store.put(key, this.staging.open(frame), 'image/jpeg');
      return key;
    } finally {
      await this.staging.discard(file);
      await this.staging.discard(frame);
    }
  }
}
