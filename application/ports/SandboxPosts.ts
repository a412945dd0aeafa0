import { type MediaToPublish } from './PlatformPublisher';

/** One segment a sandbox connection published (docs/decisions.md, "The sandbox platform"). */
export interface SandboxPost {
  readonly id: string;
  readonly connectionId: string;
  readonly platform: string;
  readonly text: string;
  readonly media: readonly MediaToPublish[];
  /** The sandbox post this one replies to (the thread's segment before it); null for the first. */
  readonly replyToId: string | null;
  readonly createdAt: Date;
}

/** Where the sandbox platform keeps what it "published": the service's own database. */
export interface SandboxPosts {
  record(post: SandboxPost): Promise<void>;
  findById(id: string): Promise<SandboxPost | null>;
  /** The posts replying to `id`, oldest first. */
  repliesTo(id: string): Promise<SandboxPost[]>;
}
