import { type GroupInput } from '../../domain/post/Group';
import { type PostIntent, type PostSource } from '../../domain/post/PostStatus';

/** A target as a client sends it: no id (the service assigns one), settings still unread. */
export interface TargetRequest {
  readonly connectionId: string;
  readonly groupId: string;
  readonly settings: unknown;
  readonly scheduledAt: Date | null;
  /** Take the connection's next free slot instead of a time (docs/decisions.md, "Posting schedules"). */
  readonly queue?: boolean;
}

/** The create/update body once its JSON types are checked (docs/spec.md "Post create / update body"). */
export interface PostRequest {
  readonly groups: readonly GroupInput[];
  readonly targets: readonly TargetRequest[];
  readonly intent?: PostIntent | null;
  readonly source?: PostSource | null;
  readonly externalSubmissionId?: string | null;
  readonly submitForReview?: boolean | null;
}

/** Who acts on posts, as far as the posts rules care. */
export interface PostActor {
  readonly userId: string;
  readonly workspaceId: string;
  /** Contributors' posts go through review before they schedule or publish. */
  readonly reviewRequired: boolean;
  /** Where a post comes from when the body does not say: `api` for keys and OAuth, `app` for sessions. */
  readonly defaultSource: PostSource;
}
