import { type PostStatus } from '../../../../domain/post/PostStatus';
import { type Post } from '../../../../domain/post/Post';
import { LATER, NOW, minutesFrom, newPost, reviewer, scheduledPost, target } from './postFixtures';

const published = { platformPostId: 'p1', platformPostUrl: 'https://x.com/a/status/p1', postedAt: NOW };

/** Builds a post in any status through the aggregate's own intent methods. */
export function postIn(status: PostStatus): Post {
  switch (status) {
    case 'draft':
      return newPost();
    case 'scheduled':
      return scheduledPost();
    case 'pending_review':
      return newPost({ intent: 'schedule', submitForReview: true });
    case 'changes_requested': {
      const post = newPost({ intent: 'schedule', submitForReview: true });
      post.requestChanges(reviewer(), 'Fix the typo', NOW);
      return post;
    }
    case 'publishing': {
      const post = scheduledPost();
      post.startPublishing('t_tw', LATER);
      return post;
    }
    case 'published': {
      const post = newPost({ intent: 'publish_now' });
      post.startPublishing('t_tw', NOW);
      post.markPublished('t_tw', published, NOW);
      return post;
    }
    case 'failed': {
      const post = newPost({ intent: 'publish_now' });
      post.startPublishing('t_tw', NOW);
      post.markFailed('t_tw', 'token revoked', NOW);
      return post;
    }
    case 'partially_failed': {
      const post = scheduledPost();
      post.startPublishing('t_tw', LATER);
      post.markPublished('t_tw', published, LATER);
      post.startPublishing('t_bs', LATER);
      post.markFailed('t_bs', 'rate limited', minutesFrom(LATER, 1));
      return post;
    }
  }
}

export { published, target };
