import { type PostActor } from '../../../../application/posts/PostRequest';
import { accessOf, credentialOf, type AppState } from '../state';

/** The posts use cases' view of the caller: its live role decides whether review is required. */
export function actorOf(ctx: { state: AppState }): PostActor {
  const access = accessOf(ctx);
  return {
    userId: access.userId,
    workspaceId: access.workspaceId,
    reviewRequired: access.reviewRequired,
    defaultSource: credentialOf(ctx).kind === 'session' ? 'app' : 'api',
  };
}
