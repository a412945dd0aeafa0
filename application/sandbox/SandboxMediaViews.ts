import { type MediaRepository } from '../../domain/media/MediaRepository';
import { type MediaFrames } from '../media/MediaFrames';
import { type MediaLinks } from '../media/MediaLinks';
import { type Logger } from '../ports/Logger';
import { type MediaToPublish } from '../ports/PlatformPublisher';

/** A published media item as a sandbox page shows it; `url` null when the item is gone from the library. */
export interface SandboxMediaView {
  readonly id: string;
  readonly kind: 'image' | 'video' | null;
  readonly url: string | null;
  /** A video's frame at the segment's thumbnail time (its first frame without one). */
  readonly posterUrl: string | null;
  readonly altText: string | null;
}

/** The media of sandbox posts, with signed links to their files (docs/decisions.md, "The sandbox platform"). */
export class SandboxMediaViews {
  constructor(
    private readonly media: MediaRepository,
    private readonly links: MediaLinks,
    private readonly frames: MediaFrames,
    private readonly logger: Logger,
  ) {}

  async of(published: readonly MediaToPublish[]): Promise<SandboxMediaView[]> {
    const items = new Map((await this.media.findByIds(published.map((m) => m.id))).map((item) => [item.id, item]));
    return Promise.all(
      published.map(async (m) => {
        const item = items.get(m.id);
        const kind = item?.facts?.kind ?? null;
        const url = item === undefined ? null : await this.links.fileOf(item);
        const posterUrl = item !== undefined && kind === 'video' ? await this.poster(item, m.thumbnailTimestamp ?? 0) : null;
        return { id: m.id, kind, url, posterUrl, altText: m.altText };
      }),
    );
  }

  /** A missing poster leaves the video without one, never the page without its post. */
  private async poster(video: Parameters<MediaFrames['frameAt']>[0], atSeconds: number): Promise<string | null> {
    try {
      return await this.links.frame(video, await this.frames.frameAt(video, atSeconds));
    } catch (error) {
      this.logger.warn('sandbox page: no poster frame', { mediaId: video.id, error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }
}
