import { type Connection } from '../../../domain/connection/Connection';
import { type PostSnapshot } from '../../../domain/post/PostSnapshot';
import { type Review } from '../../../domain/post/Review';
import { type TargetSnapshot } from '../../../domain/post/Target';

/**
 * The resources an event carries, as the API returns them (the HTTP presenters behind it):
 * a subscriber reads the same shapes as a client that polls.
 */
export interface EventPresenter {
  post(post: PostSnapshot): unknown;
  target(target: TargetSnapshot): unknown;
  review(review: Review): unknown;
  connection(connection: Connection): unknown;
  timestamp(at: Date): string;
}
