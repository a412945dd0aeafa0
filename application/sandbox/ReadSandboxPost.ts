import { notFound } from '../../domain/shared/DomainError';
import { type SandboxPost, type SandboxPosts } from '../ports/SandboxPosts';

/** A sandbox post and the thread under it: each reply, then the first reply to that one. */
export interface SandboxThread {
  readonly post: SandboxPost;
  readonly replies: readonly SandboxPost[];
}

/** The longest chain followed, so a corrupt cycle of replies cannot loop forever. */
const MAX_THREAD = 100;

/** What the sandbox page of a published post shows (docs/decisions.md, "The sandbox platform"). */
export class ReadSandboxPost {
  constructor(private readonly posts: SandboxPosts) {}

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
    return { post, replies };
  }
}
