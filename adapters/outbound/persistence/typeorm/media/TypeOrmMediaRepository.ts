import { type DataSource } from 'typeorm';
import { type MediaItem } from '../../../../../domain/media/MediaItem';
import { type MediaRepository } from '../../../../../domain/media/MediaRepository';
import { changedRows, type Dialect, dialectOf, inList } from '../sql/Dialect';
import { managerOf } from '../transactionContext';
import { MEDIA_COLUMNS, mediaParams, toMediaItem } from './mediaRows';

const PENDING_POST_STATUSES = ['scheduled', 'publishing'];

/** The `media` table, in hand-written SQL (docs/decisions.md, "Media"). */
export class TypeOrmMediaRepository implements MediaRepository {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async save(item: MediaItem): Promise<void> {
    const params = mediaParams(item, this.d);
    const updated = MEDIA_COLUMNS.split(', ')
      .slice(1)
      .map((column) => `${column} = ?`)
      .join(', ');
    const manager = managerOf(this.dataSource);
    // An update first: an item is inserted once and updated as it is processed.
    const matched = await changedRows(manager, `UPDATE media SET ${updated} WHERE id = ?`, [...params.slice(1), params[0]]);
    if (matched === 0) await manager.query(`INSERT INTO media (${MEDIA_COLUMNS}) VALUES (${inList(params.length)})`, params);
  }

  async findById(id: string): Promise<MediaItem | null> {
    return (await this.select('WHERE id = ?', [id]))[0] ?? null;
  }

  async findByIds(ids: readonly string[]): Promise<MediaItem[]> {
    if (ids.length === 0) return [];
    return this.select(`WHERE id IN (${inList(ids.length)})`, [...ids]);
  }

  async listByWorkspace(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: MediaItem[]; total: number }> {
    const manager = managerOf(this.dataSource);
    const [count] = (await manager.query('SELECT COUNT(*) AS n FROM media WHERE workspace_id = ?', [workspaceId])) as Array<{ n: number | string }>;
    const items =
      page.limit === 0
        ? []
        : await this.select('WHERE workspace_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?', [workspaceId, page.limit, page.offset]);
    return { items, total: Number(count?.n ?? 0) };
  }

  async delete(id: string): Promise<void> {
    await managerOf(this.dataSource).query('DELETE FROM media WHERE id = ?', [id]);
  }

  async inUseByPendingPost(workspaceId: string, mediaId: string): Promise<boolean> {
    // The groups document names each item by its id, quoted; ids are ULIDs, so the match is exact.
    const rows = await managerOf(this.dataSource).query(
      `SELECT 1 AS hit FROM posts WHERE workspace_id = ? AND status IN (${inList(PENDING_POST_STATUSES.length)}) AND ${this.d.quote('groups')} LIKE ? LIMIT 1`,
      [workspaceId, ...PENDING_POST_STATUSES, `%"${mediaId}"%`],
    );
    return (rows as unknown[]).length > 0;
  }

  staleProcessing(before: Date, limit: number): Promise<MediaItem[]> {
    return this.select("WHERE status = 'processing' AND updated_at < ? ORDER BY updated_at, id LIMIT ?", [this.d.date(before), limit]);
  }

  private async select(where: string, params: unknown[]): Promise<MediaItem[]> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(`SELECT ${MEDIA_COLUMNS} FROM media ${where}`, params);
    return rows.map(toMediaItem);
  }
}
