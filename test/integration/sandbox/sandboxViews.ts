/** What the HTTP API answers for a post, its targets and their attempts (docs/spec.md), as the sandbox tests read it. */
export interface TargetView {
  readonly id: string;
  readonly connectionId: string;
  readonly status: string;
  readonly scheduledAt: string | null;
  readonly platformPostId: string | null;
  readonly platformPostUrl: string | null;
  readonly postedAt: string | null;
  readonly error: string | null;
  readonly attempts: number;
}

export interface PostView {
  readonly id: string;
  readonly status: string;
  readonly targets: TargetView[];
}

export interface AttemptView {
  readonly attempt: number;
  readonly segmentIndex: number;
  readonly outcome: string;
  readonly error: string | null;
  readonly platformPostId: string | null;
}

/** A target once published: it has its page. */
export type PublishedTarget = TargetView & { readonly platformPostUrl: string };
