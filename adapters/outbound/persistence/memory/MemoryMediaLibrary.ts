import { MediaItem } from '../../../../domain/media/MediaItem';
import { type MediaRepository, type MediaUploadRepository } from '../../../../domain/media/MediaRepository';
import { type MediaUploadSnapshot } from '../../../../domain/media/MediaUpload';
import { type PostRepository } from '../../../../domain/post/PostRepository';

const copy = (item: MediaItem) => MediaItem.rehydrate(item.toSnapshot());
const newestFirst = (a: MediaItem, b: MediaItem) => {
  const byTime = b.toSnapshot().createdAt.getTime() - a.toSnapshot().createdAt.getTime();
  return byTime !== 0 ? byTime : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
};

/** The media library in this process's memory: for the unit tests. */
export class MemoryMediaRepository implements MediaRepository {
  private readonly items = new Map<string, MediaItem>();

  constructor(private readonly posts: PostRepository) {}

  async save(item: MediaItem): Promise<void> {
    this.items.set(item.id, copy(item));
  }
  async findById(id: string): Promise<MediaItem | null> {
    const item = this.items.get(id);
    return item === undefined ? null : copy(item);
  }
  async findByIds(ids: readonly string[]): Promise<MediaItem[]> {
    return ids.flatMap((id) => (this.items.has(id) ? [copy(this.items.get(id)!)] : []));
  }
  async listByWorkspace(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: MediaItem[]; total: number }> {
    const all = [...this.items.values()].filter((i) => i.workspaceId === workspaceId).sort(newestFirst);
    return { items: all.slice(page.offset, page.offset + page.limit).map(copy), total: all.length };
  }
  async delete(id: string): Promise<void> {
    this.items.delete(id);
  }
  async inUseByPendingPost(workspaceId: string, mediaId: string): Promise<boolean> {
    for (const status of ['scheduled', 'publishing'] as const) {
      const { items } = await this.posts.list({ workspaceId, status, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
      const carries = items.some((post) => post.toSnapshot().groups.some((g) => g.segments.some((s) => s.media.some((m) => m.id === mediaId))));
      if (carries) return true;
    }
    return false;
  }
  async staleProcessing(before: Date, limit: number): Promise<MediaItem[]> {
    return [...this.items.values()]
      .filter((i) => i.status === 'processing' && i.toSnapshot().updatedAt < before)
      .slice(0, limit)
      .map(copy);
  }
}

export class MemoryMediaUploads implements MediaUploadRepository {
  private readonly uploads = new Map<string, { upload: MediaUploadSnapshot; parts: Map<number, number> }>();

  async create(upload: MediaUploadSnapshot): Promise<void> {
    this.uploads.set(upload.id, { upload: { ...upload }, parts: new Map() });
  }
  async findById(id: string): Promise<MediaUploadSnapshot | null> {
    const found = this.uploads.get(id);
    return found === undefined ? null : { ...found.upload };
  }
  async recordPart(uploadId: string, partNumber: number, sizeBytes: number): Promise<boolean> {
    const upload = this.uploads.get(uploadId);
    upload?.parts.set(partNumber, sizeBytes);
    return upload !== undefined;
  }
  async partsOf(uploadId: string): Promise<number[]> {
    return [...(this.uploads.get(uploadId)?.parts.keys() ?? [])].sort((a, b) => a - b);
  }
  // Test and removal in one synchronous step (no await between): of concurrent calls, one wins.
  async claim(uploadId: string, workspaceId: string, now: Date): Promise<boolean> {
    const found = this.uploads.get(uploadId)?.upload;
    if (found === undefined || found.workspaceId !== workspaceId || found.expiresAt <= now) return false;
    return this.uploads.delete(uploadId);
  }
  async removeExpired(uploadId: string, now: Date): Promise<boolean> {
    const found = this.uploads.get(uploadId)?.upload;
    return found !== undefined && found.expiresAt <= now && this.uploads.delete(uploadId);
  }
  async expired(now: Date, limit: number): Promise<MediaUploadSnapshot[]> {
    return [...this.uploads.values()]
      .map((u) => u.upload)
      .filter((u) => u.expiresAt <= now)
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
      .slice(0, limit)
      .map((u) => ({ ...u }));
  }
}
