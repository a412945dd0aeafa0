import { type AttemptLog } from '../../../../application/ports/AttemptLog';
import { type Clock } from '../../../../application/ports/Clock';
import { type IdGenerator } from '../../../../application/ports/IdGenerator';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type SandboxPosts } from '../../../../application/ports/SandboxPosts';
import { markerIn, SANDBOX_MARKERS } from './sandboxMarkers';

/**
 * The sandbox platform, for every platform: a segment is recorded in the service's own
 * database and served as a page at `${BASE_URL}/sandbox/posts/{id}`. The platform's rules
 * were enforced when the post was written, so the sandbox only records, unless a marker
 * asks it to fail (docs/decisions.md, "The sandbox platform").
 */
export class SandboxPublisher implements PlatformPublisher {
  constructor(
    private readonly posts: SandboxPosts,
    /** "The segment's first call" is read from the attempt log, so every worker process agrees on it. */
    private readonly log: Pick<AttemptLog, 'hasCallFor'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly baseUrl: string,
  ) {}

  async publish(segment: SegmentToPublish): Promise<PublishOutcome> {
    const marker = markerIn(segment.text);
    if (marker === 'reject') {
      return { kind: 'rejected', reason: `the sandbox rejected this post on purpose: its text contains ${SANDBOX_MARKERS.reject}` };
    }
    if (marker === 'unknown') {
      return { kind: 'outcomeUnknown', reason: `the sandbox left this post's outcome unknown on purpose: its text contains ${SANDBOX_MARKERS.unknown}` };
    }
    if (marker === 'retry' && !(await this.log.hasCallFor(targetOf(segment.idempotencyKey), segment.segmentIndex))) {
      return { kind: 'retryLater', afterSeconds: 1, reason: `the sandbox asked for a retry on purpose: its text contains ${SANDBOX_MARKERS.retry}` };
    }
    const id = this.ids.next();
    const createdAt = this.clock.now();
    await this.posts.record({
      id,
      connectionId: segment.connectionId,
      platform: segment.settings.platform,
      text: segment.text,
      media: segment.media.map((m) => ({ ...m })),
      replyToId: segment.replyToPlatformPostId,
      createdAt,
    });
    return { kind: 'published', platformPostId: id, platformPostUrl: `${this.baseUrl.replace(/\/+$/, '')}/sandbox/posts/${id}`, postedAt: createdAt };
  }
}

/** The idempotency key is target, segment and attempt (PlatformPublisher): its first part names the target. */
const targetOf = (idempotencyKey: string): string => idempotencyKey.split(':')[0]!;
