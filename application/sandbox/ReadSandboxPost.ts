import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { notFound } from '../../domain/shared/DomainError';
import { type SandboxPost, type SandboxPosts } from '../ports/SandboxPosts';
import { type SandboxMediaView, type SandboxMediaViews } from './SandboxMediaViews';

/** A sandbox post and the thread under it: each reply, then the first reply to that one. */
export interface SandboxThread {
  readonly post: SandboxPost;
  readonly replies: readonly SandboxPost[];
  /** The media of the post and its replies, by sandbox post id. */
  readonly media: ReadonlyMap<string, readonly SandboxMediaView[]>;
  /** The sandbox account it was published to, as its connection names it; null once the connection is gone. */
  readonly account: { readonly handle: string; readonly displayName: string | null } | null;
}

/** The longest chain followed, so a corrupt cycle of replies cannot loop forever. */
const MAX_THREAD = 100;

/** What the sandbox page of a published post shows (docs/decisions.md, "The sandbox platform"). */
export class ReadSandboxPost {
  constructor(
    private readonly posts: SandboxPosts,
    private readonly mediaViews: SandboxMediaViews,
    private readonly connections: ConnectionRepository,
  ) {}

  async execute(id: string): Promise<SandboxThread> {
    const post = await this.posts.findById(id);
    if (post === null) throw notFound('Sandbox post');
    const replies: SandboxPost[] = [];
    let current = post;
    while (replies.length < MAX_THREAD) {
      const [next] = await this.posts.repliesTo(current.id);
      if (next === undefined) break;
      replies.push(next);
      current = next;
    }
    const media = new Map<string, readonly SandboxMediaView[]>();
    for (const shown of [post, ...replies]) media.set(shown.id, await this.mediaViews.of(shown.media));
    const connection = await this.connections.findById(post.connectionId);
    const account = connection === null ? null : { handle: connection.handle, displayName: connection.displayName };
    return { post, replies, media, account };
  }
}
