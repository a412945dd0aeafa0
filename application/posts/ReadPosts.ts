import { type Post } from '../../domain/post/Post';
import { type PostRepository } from '../../domain/post/PostRepository';
import { type PostStatus } from '../../domain/post/PostStatus';
import { type Review } from '../../domain/post/Review';
import { notFound } from '../../domain/shared/DomainError';
import { type PostStore } from './PostStore';

/** posts.get, posts.list, posts.targets and the review history. */
export class ReadPosts {
  constructor(private readonly posts: PostRepository, private readonly store: PostStore) {}

  get(workspaceId: string, postId: string): Promise<Post> {
    return this.store.load(workspaceId, postId);
  }

  list(workspaceId: string, query: { status?: PostStatus; limit: number; offset: number }): Promise<{ items: Post[]; total: number }> {
    return this.posts.list({ workspaceId, ...query });
  }

  async reviews(workspaceId: string, postId: string): Promise<Review[]> {
    const reviews = await this.posts.listReviews(workspaceId, postId);
    if (reviews === null) throw notFound('Post');
    return reviews;
  }
}
