import { type DataSource } from 'typeorm';
import { type PostViews } from '../../../../../application/ports/PostViews';
import { type PostListQuery } from '../../../../../domain/post/PostRepository';
import { type PostSnapshot } from '../../../../../domain/post/PostSnapshot';
import { type Dialect, dialectOf } from '../sql/Dialect';
import { AS_SNAPSHOT, listPosts, readPost } from '../sql/postReads';
import { managerOf } from '../transactionContext';

/** The same statements as the repository's reads (postReads.ts), shown as snapshots. */
export class TypeOrmPostViews implements PostViews {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  find(workspaceId: string, id: string): Promise<PostSnapshot | null> {
    return readPost(managerOf(this.dataSource), this.d, AS_SNAPSHOT, workspaceId, id);
  }

  list(query: PostListQuery): Promise<{ items: PostSnapshot[]; total: number }> {
    return listPosts(managerOf(this.dataSource), this.d, AS_SNAPSHOT, query);
  }
}
