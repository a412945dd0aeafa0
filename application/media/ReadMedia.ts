import { type MediaItem } from '../../domain/media/MediaItem';
import { type MediaRepository } from '../../domain/media/MediaRepository';
import { notFound } from '../../domain/shared/DomainError';

export class ReadMedia {
  constructor(private readonly media: MediaRepository) {}

  /** Another workspace's item is as unknown as a missing one. */
  async get(workspaceId: string, id: string): Promise<MediaItem> {
    const item = await this.media.findById(id);
    if (item === null || item.workspaceId !== workspaceId) throw notFound('Media');
    return item;
  }

  list(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: MediaItem[]; total: number }> {
    return this.media.listByWorkspace(workspaceId, page);
  }
}
