import { type Post } from '../../domain/post/Post';
import { DomainError, type ErrorDetail } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type PostRehearsal } from './PostRehearsal';
import { type PostActor, type PostRequest } from './PostRequest';
import { type PostWarnings, type TargetTiming } from './PostWarnings';

/** What a dry run of posts.create finds (docs/posts-import-export.md, "Dry run"). */
export interface PostDryRun {
  /** True when create would accept the post now. */
  readonly valid: boolean;
  /** What create would refuse, by path of the request: its 422's details. */
  readonly problems: readonly ErrorDetail[];
  /** What create accepts but would go wrong later (PostWarnings). */
  readonly warnings: readonly ErrorDetail[];
  /** The post create would store now (its ids are not kept), null when it would refuse it. */
  readonly post: Post | null;
}

/**
 * posts.validate: the create path itself, rehearsed (PostRehearsal), so every check is the one
 * create makes and nothing is stored, held or sent; then the warnings, read beside it.
 * Validation problems are the answer; any other refusal (access, an outage) is the error create
 * would give.
 */
export class ValidatePost {
  constructor(
    private readonly rehearsal: PostRehearsal,
    private readonly warnings: PostWarnings,
    private readonly clock: Clock,
  ) {}

  async execute(actor: PostActor, request: PostRequest): Promise<PostDryRun> {
    try {
      const post = await this.rehearsal.run((judge) => judge(actor, request));
      return { valid: true, problems: [], warnings: await this.warnings.of(actor.workspaceId, timingsOf(post)), post };
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'validation') throw error;
      // What can be told without the post: the accounts, and the times the request gave.
      const warnings = await this.warnings.of(actor.workspaceId, askedTimings(request, this.clock.now()));
      return { valid: false, problems: problemsOf(error), warnings, post: null };
    }
  }
}

/** A target goes out at its time; a post published now, at once. */
function timingsOf(post: Post): TargetTiming[] {
  const now = post.status === 'publishing' ? post.updatedAt : null;
  return post.targets.map((t, i) => ({ path: `targets[${i}]`, connectionId: t.connectionId, at: t.scheduledAt ?? now, queued: t.queued }));
}

function askedTimings(request: PostRequest, now: Date): TargetTiming[] {
  const publishNow = request.intent === 'publish_now';
  return request.targets.map((t, i) => ({
    path: `targets[${i}]`,
    connectionId: t.connectionId,
    at: t.queue === true ? null : (t.scheduledAt ?? (publishNow ? now : null)),
    queued: false,
  }));
}

export const problemsOf = (error: DomainError): ErrorDetail[] => (error.details.length > 0 ? [...error.details] : [{ path: '', message: error.message }]);
