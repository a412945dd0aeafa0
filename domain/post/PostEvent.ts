import { type PostSnapshot } from './PostSnapshot';
import { type Review } from './Review';
import { type TargetSnapshot } from './Target';

/**
 * What happened to a post, recorded by the Post as it changes and handed on, with the post as
 * it is saved, when it is saved (docs/webhooks.md names what each becomes).
 */
/** The events of a post's move to another status (or a scheduled post's new times). */
export type PostMoveType = 'PostScheduled' | 'PostPublished' | 'PostPartiallyFailed' | 'PostFailed' | 'ReviewRequested';

export type PostEvent =
  | { readonly type: 'TargetPublished'; readonly post: PostSnapshot; readonly target: TargetSnapshot }
  | { readonly type: 'TargetFailed'; readonly post: PostSnapshot; readonly target: TargetSnapshot }
  | { [T in PostMoveType]: { readonly type: T; readonly post: PostSnapshot } }[PostMoveType]
  | { readonly type: 'ReviewDecided'; readonly post: PostSnapshot; readonly review: Review };
