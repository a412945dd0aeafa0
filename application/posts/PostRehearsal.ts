import { type Post } from '../../domain/post/Post';
import { type PostStore } from './PostStore';
import { type PostActor, type PostRequest } from './PostRequest';
import { type WritePosts } from './WritePosts';

/** Judges one post as posts.create would, storing nothing (WritePosts.judge). */
export type JudgePost = (actor: PostActor, request: PostRequest) => Promise<Post>;

/**
 * A dry run of posts.create, for one post or many: each is judged by the create path itself
 * (WritePosts.judge: every check, and the slots queued targets take), never stored, inside a
 * unit of work that is then undone. The posts judged one after another see the slots the
 * earlier ones took, as they would if created; at the end every slot is free again: the
 * rollback frees them where the unit of work is atomic, letting go of them does it elsewhere
 * (the in-memory adapters). No post, event, job or slot survives, so nothing is ever sent.
 */
export class PostRehearsal {
  constructor(
    private readonly write: WritePosts,
    private readonly store: PostStore,
  ) {}

  run<T>(work: (judge: JudgePost) => Promise<T>): Promise<T> {
    return this.store.rehearse(async () => {
      const judged: Post[] = [];
      const judge: JudgePost = async (actor, request) => {
        const post = await this.write.judge(actor, request);
        judged.push(post);
        return post;
      };
      try {
        return await work(judge);
      } finally {
        await this.store.letGoOfSlots(judged.flatMap((post) => post.targets.filter((t) => t.queued).map((t) => t.id)));
      }
    });
  }
}
