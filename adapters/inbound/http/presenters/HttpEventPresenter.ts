import { type EventPresenter } from '../../../../application/ports/webhooks/EventPresenter';
import { presentConnection, timestamp } from './present';
import { presentPost, presentReview, presentTarget } from './presentPost';

/** Events carry the API's own shapes (docs/webhooks.md): these are the presenters the routes use. */
export const httpEventPresenter: EventPresenter = {
  post: presentPost,
  target: presentTarget,
  review: presentReview,
  connection: presentConnection,
  timestamp,
};
