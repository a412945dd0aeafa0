import { type PostViews } from '../../../../application/ports/PostViews';
import { type PostListQuery } from '../../../../domain/post/PostRepository';
import { type PostSnapshot } from '../../../../domain/post/PostSnapshot';
import { type Dialect } from '../typeorm/sql/Dialect';
import { isCalendarQuery } from '../typeorm/sql/postCalendar';
import { AS_SNAPSHOT, pageParameters, pageSql, postSql, postsOf, totalParameters, totalSql } from '../typeorm/sql/postReads';
import { type DriverReads } from './DriverReads';

/**
 * posts.get and posts.list on statements prepared once per connection: the same statements
 * as TypeOrmPostViews (postReads.ts), the same rows, mapped by the same mappers to the
 * snapshots the presenters take, so the answers are the same to the byte. Inside a unit of
 * work, on a closed connection, and for the calendar's orders, `typeOrm` reads instead.
 */
export class PreparedPostViews implements PostViews {
  private readonly one: string;
  private readonly total: readonly [string, string];
  private readonly page: readonly [string, string];

  constructor(
    private readonly reads: DriverReads,
    private readonly typeOrm: PostViews,
    d: Dialect,
  ) {
    this.one = postSql(d);
    this.total = [totalSql(d, false), totalSql(d, true)];
    this.page = [pageSql(d, false), pageSql(d, true)];
  }

  async find(workspaceId: string, id: string): Promise<PostSnapshot | null> {
    if (!this.reads.usable()) return this.typeOrm.find(workspaceId, id);
    const [post] = postsOf(await this.reads.rows(this.one, [id, workspaceId]), AS_SNAPSHOT);
    return post ?? null;
  }

  /** The total from post_counts, then the page only when it can hold posts (listPosts' order). */
  async list(query: PostListQuery): Promise<{ items: PostSnapshot[]; total: number }> {
    if (isCalendarQuery(query) || !this.reads.usable()) return this.typeOrm.list(query);
    const withStatus = query.status === undefined ? 0 : 1;
    const [counted] = await this.reads.rows(this.total[withStatus]!, totalParameters(query));
    const total = Number(counted?.total ?? 0);
    if (query.limit <= 0 || query.offset >= total) return { items: [], total };
    return { items: postsOf(await this.reads.rows(this.page[withStatus]!, pageParameters(query)), AS_SNAPSHOT), total };
  }
}
