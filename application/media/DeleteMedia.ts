import { type MediaRepository } from '../../domain/media/MediaRepository';
import { conflict } from '../../domain/shared/DomainError';
import { type MediaStore } from '../ports/MediaStore';
import { framesPrefixOf } from './MediaFrames';
import { type ReadMedia } from './ReadMedia';

/** Deleting frees the storage; an item a scheduled or publishing post carries stays (409). */
export class DeleteMedia {
  constructor(
    private readonly read: ReadMedia,
    private readonly media: MediaRepository,
    private readonly store: MediaStore,
  ) {}

  async execute(workspaceId: string, id: string): Promise<void> {
    const item = await this.read.get(workspaceId, id);
    if (await this.media.inUseByPendingPost(workspaceId, id)) {
      throw conflict('media_in_use', 'a scheduled or publishing post carries this media item; remove it from the post or delete the post first');
    }
    await this.media.delete(id);
    if (item.storageKey !== null) await this.store.delete(item.storageKey);
    await this.store.deletePrefix(framesPrefixOf(item));
  }
}
