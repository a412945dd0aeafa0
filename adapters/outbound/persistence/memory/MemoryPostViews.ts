import { type PostViews } from '../../../../application/ports/PostViews';
import { type PostListQuery } from '../../../../domain/post/PostRepository';
import { type PostSnapshot } from '../../../../domain/post/PostSnapshot';
import { type MemoryPostRepository } from './MemoryPostRepository';

/** The in-memory posts, shown as snapshots. */
export class MemoryPostViews implements PostViews {
  constructor(private readonly posts: MemoryPostRepository) {}

  async find(workspaceId: string, id: string): Promise<PostSnapshot | null> {
    return (await this.posts.findById(workspaceId, id))?.toSnapshot() ?? null;
  }

  async list(query: PostListQuery): Promise<{ items: PostSnapshot[]; total: number }> {
    const { items, total } = await this.posts.list(query);
    return { items: items.map((post) => post.toSnapshot()), total };
  }
}
