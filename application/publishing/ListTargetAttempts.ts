import { notFound } from '../../domain/shared/DomainError';
import { type AttemptLog, type PublishAttempt } from '../ports/AttemptLog';
import { type PostViews } from '../ports/PostViews';

/** posts.targets.attempts: every platform call made for one target of a post, oldest first. */
export class ListTargetAttempts {
  constructor(
    private readonly views: PostViews,
    private readonly log: AttemptLog,
  ) {}

  async list(workspaceId: string, postId: string, targetId: string): Promise<PublishAttempt[]> {
    const post = await this.views.find(workspaceId, postId);
    if (post === null) throw notFound('Post');
    if (!post.targets.some((t) => t.id === targetId)) throw notFound('Target');
    return this.log.listForTarget(workspaceId, targetId);
  }
}
