import { type Post } from '../../domain/post/Post';
import { type WebhookEventType } from '../../domain/webhook/WebhookEventType';
import { type EventPresenter } from '../ports/webhooks/EventPresenter';
import { retryMayHelp } from '../publishing/failureReasons';
import { type CausedEvent, type EventOutbox } from './EventOutbox';

/** The post statuses an event announces, by the status a post moves to. */
const ON_POST_STATUS: Partial<Record<Post['status'], WebhookEventType>> = {
  scheduled: 'post.scheduled',
  published: 'post.published',
  partially_failed: 'post.partially_failed',
  failed: 'post.failed',
  pending_review: 'review.requested',
};

/**
 * The events a post's save causes, read off what changed since it was loaded: each target
 * that ended, the post's new status (or a scheduled post's new times), each review decided. Called by PostStore inside the
 * save's unit of work, so an event exists exactly when its change was committed.
 */
export class PostEvents {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly presenter: EventPresenter,
  ) {}

  emitFor(post: Post, now: Date): Promise<void> {
    const before = post.persisted;
    const was = new Map((before?.targets ?? []).map((t) => [t.id, t.status]));
    const caused: CausedEvent[] = [];
    const presentPost = () => this.presenter.post(post.toSnapshot());
    for (const target of post.targets) {
      const status = target.status;
      if (was.get(target.id) === status || (status !== 'published' && status !== 'failed')) continue;
      const t = target.toSnapshot();
      const failure = status === 'failed' ? { reason: t.error, retryable: retryMayHelp(t.error ?? '') } : {};
      caused.push({ type: `target.${status}`, data: () => ({ postId: post.id, target: this.presenter.target(t), ...failure }) });
    }
    const onStatus = before?.status === post.status ? (rescheduled(post) ? 'post.scheduled' : undefined) : ON_POST_STATUS[post.status];
    if (onStatus !== undefined) caused.push({ type: onStatus, data: () => ({ post: presentPost() }) });
    for (const review of post.unsavedReviews) {
      caused.push({ type: 'review.decided', data: () => ({ review: this.presenter.review(review), post: presentPost() }) });
    }
    return this.outbox.emit(post.workspaceId, caused, now);
  }
}

/** A scheduled post still scheduled, a target's time changed: its subscribers hear the new schedule. */
function rescheduled(post: Post): boolean {
  if (post.status !== 'scheduled' || post.persisted === null) return false;
  const was = new Map(post.persisted.targets.map((t) => [t.id, t.scheduledAt?.getTime() ?? null]));
  return post.targets.some((t) => was.get(t.id) !== (t.scheduledAt?.getTime() ?? null));
}
