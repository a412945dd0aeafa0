import { type PostListQuery, type PostRepository } from '../../domain/post/PostRepository';
import { type PostSnapshot } from '../../domain/post/PostSnapshot';
import { type Review } from '../../domain/post/Review';
import { notFound } from '../../domain/shared/DomainError';
import { type PostViews } from '../ports/PostViews';

/** posts.get, posts.list, posts.targets and the review history: reads, shown as stored. */
export class ReadPosts {
  constructor(
    private readonly views: PostViews,
    private readonly posts: PostRepository,
  ) {}

  async get(workspaceId: string, postId: string): Promise<PostSnapshot> {
    const post = await this.views.find(workspaceId, postId);
    if (post === null) throw notFound('Post');
    return post;
  }

  list(workspaceId: string, query: Omit<PostListQuery, 'workspaceId'>): Promise<{ items: PostSnapshot[]; total: number }> {
    return this.views.list({ workspaceId, ...query });
  }

  async reviews(workspaceId: string, postId: string): Promise<Review[]> {
    const reviews = await this.posts.listReviews(workspaceId, postId);
    if (reviews === null) throw notFound('Post');
    return reviews;
  }
}
