import { type SandboxPost, type SandboxPosts } from '../../../../application/ports/SandboxPosts';

/** The sandbox platform's posts in this process's memory: for the unit tests. */
export class MemorySandboxPosts implements SandboxPosts {
  private readonly posts: SandboxPost[] = [];

  async record(post: SandboxPost): Promise<void> {
    this.posts.push({ ...post, media: post.media.map((m) => ({ ...m })) });
  }

  async findById(id: string): Promise<SandboxPost | null> {
    const post = this.posts.find((p) => p.id === id);
    return post === undefined ? null : { ...post };
  }

  async repliesTo(id: string): Promise<SandboxPost[]> {
    return this.posts
      .filter((p) => p.replyToId === id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p) => ({ ...p }));
  }
}
