import { type DataSource } from 'typeorm';
import { type MediaToPublish } from '../../../../../application/ports/PlatformPublisher';
import { type SandboxPost, type SandboxPosts } from '../../../../../application/ports/SandboxPosts';
import { requireDate } from '../mappers/RowMappingError';
import { type Dialect, dialectOf, inList, readDate, readJson } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'id, connection_id, platform, text, media_ids, reply_to_id, created_at';

/** The sandbox_posts table: what sandbox connections published (docs/decisions.md, "The sandbox platform"). */
export class TypeOrmSandboxPosts implements SandboxPosts {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async record(p: SandboxPost): Promise<void> {
    const params = [p.id, p.connectionId, p.platform, p.text, JSON.stringify(p.media), p.replyToId, this.d.date(p.createdAt)];
    await managerOf(this.dataSource).query(`INSERT INTO sandbox_posts (${COLUMNS}) VALUES (${inList(params.length)})`, params);
  }

  async findById(id: string): Promise<SandboxPost | null> {
    const rows = await this.select('WHERE id = ?', [id]);
    return rows[0] ?? null;
  }

  repliesTo(id: string): Promise<SandboxPost[]> {
    return this.select('WHERE reply_to_id = ? ORDER BY created_at, id', [id]);
  }

  private async select(where: string, params: unknown[]): Promise<SandboxPost[]> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(`SELECT ${COLUMNS} FROM sandbox_posts ${where}`, params);
    return rows.map(toPost);
  }
}

function toPost(row: Record<string, unknown>): SandboxPost {
  const id = row.id as string;
  const media = readJson(row.media_ids);
  return {
    id,
    connectionId: row.connection_id as string,
    platform: row.platform as string,
    text: row.text as string,
    media: Array.isArray(media) ? media.map(toMedia) : [],
    replyToId: (row.reply_to_id as string | null) ?? null,
    createdAt: requireDate(readDate(row.created_at), { table: 'sandbox_posts', key: id, column: 'created_at' }),
  };
}

/** An item as recorded; rows written before alt texts were kept hold the bare id. */
function toMedia(item: unknown): MediaToPublish {
  if (typeof item === 'string') return { id: item, altText: null, thumbnailTimestamp: null };
  const { id, altText, thumbnailTimestamp } = item as Partial<MediaToPublish>;
  return { id: String(id), altText: altText ?? null, thumbnailTimestamp: thumbnailTimestamp ?? null };
}
