import { type PlatformConnector } from '../../application/ports/platforms/PlatformConnector';
import { type PostOnPlatform, type RecentPosts } from '../../application/ports/platforms/PostReader';
import { type PublishOutcome, type SegmentToPublish } from '../../application/ports/PlatformPublisher';
import { type Clock } from '../../application/ports/Clock';

/**
 * A connector whose platform is a list of posts in memory: a publish call puts the post there
 * (or not) and answers as scripted, which lets a test lose the answer of a call that did post;
 * its reader lists the posts, or fails as scripted. For the engine's read-back tests.
 */
export class ReadBackPlatform {
  readonly posts: PostOnPlatform[] = [];
  readonly calls: SegmentToPublish[] = [];
  readonly reads: Array<{ since: Date; replyTo: string | null }> = [];
  /** What the next publish calls do: post and answer, post and lose the answer, or lose it without posting. */
  readonly next: Array<'post' | 'post, answer lost' | 'answer lost'> = [];
  readFails: string | null = null;

  constructor(
    private readonly clock: Clock,
    readonly visibleWithinSeconds = 30,
  ) {}

  connector(platform: PlatformConnector['platform'] = 'TWITTER'): PlatformConnector {
    return {
      platform,
      authorization: null,
      tokens: { needsRefresh: () => false, refresh: async (grant) => ({ ok: true, grant }), revoke: async () => undefined },
      publisher: { publish: async (segment) => this.publish(segment) },
      reader: {
        visibleWithinSeconds: this.visibleWithinSeconds,
        recentPosts: async ({ since, replyTo }) => this.read(since, replyTo),
      },
    };
  }

  /** A call made outside the engine (by a worker that then died): the platform posts as scripted. */
  publishDirectly(segment: SegmentToPublish): PublishOutcome {
    return this.publish(segment);
  }

  private publish(segment: SegmentToPublish): PublishOutcome {
    this.calls.push(segment);
    const what = this.next.shift() ?? 'post';
    const now = this.clock.now();
    const id = `p${this.calls.length}`;
    const platformPostUrl = `https://platform.example/p/${id}`;
    if (what !== 'answer lost') {
      this.posts.unshift({
        platformPostId: id,
        platformPostUrl,
        text: segment.text,
        createdAt: now,
        mediaCount: segment.media.length,
        replyToPlatformPostId: segment.replyToPlatformPostId,
      });
    }
    if (what === 'post') return { kind: 'published', platformPostId: id, platformPostUrl, postedAt: now };
    return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: the platform did not answer within 30000 ms' };
  }

  private read(since: Date, replyTo: string | null): RecentPosts {
    this.reads.push({ since, replyTo });
    if (this.readFails !== null) return { ok: false, reason: this.readFails };
    return { ok: true, posts: this.posts.filter((p) => p.createdAt === null || p.createdAt >= since) };
  }
}
