import { type MediaRepository } from '../../domain/media/MediaRepository';
import { type MediaStore } from '../ports/MediaStore';
import { type MediaAccess } from '../ports/platforms/PlatformConnector';
import { type MediaLinks } from './MediaLinks';

/** The media library as connectors see it: a ready item's bytes, or its signed link. */
export class LibraryMediaAccess implements MediaAccess {
  constructor(
    private readonly media: MediaRepository,
    private readonly store: MediaStore,
    private readonly links: MediaLinks,
  ) {}

  async open(mediaId: string) {
    const item = await this.ready(mediaId);
    const stored = await this.store.get(item.storageKey!);
    if (stored === null) throw new Error(`media ${mediaId} has no stored file`);
    return { body: stored.body, facts: item.facts! };
  }

  async link(mediaId: string): Promise<string> {
    return (await this.links.fileOf(await this.ready(mediaId)))!;
  }

  private async ready(mediaId: string) {
    const item = await this.media.findById(mediaId);
    if (item === null || item.status !== 'ready' || item.storageKey === null || item.facts === null)
      throw new Error(`media ${mediaId} is not a ready item of the library`);
    return item;
  }
}
