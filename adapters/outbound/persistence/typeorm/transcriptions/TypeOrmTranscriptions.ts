import { type DataSource } from 'typeorm';
import { type TranscriptionPosition, type Transcriptions } from '../../../../../application/ports/transcription/Transcriptions';
import { type Transcription } from '../../../../../domain/transcription/Transcription';
import { managerOf } from '../transactionContext';

const COLUMNS = 'id, user_id, reel_id, reel_url, text, alt_text, language, duration_seconds, created_at_ms';

/** The `transcriptions` table, read newest first by (created_at_ms, id) through its index. */
export class TypeOrmTranscriptions implements Transcriptions {
  constructor(private readonly dataSource: DataSource) {}

  async add(t: Transcription): Promise<void> {
    await managerOf(this.dataSource).query(`INSERT INTO transcriptions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      t.id,
      t.userId,
      t.reelId,
      t.reelUrl,
      t.text,
      t.altText,
      t.language,
      t.durationSeconds,
      t.createdAt.getTime(),
    ]);
  }

  async listAfter(userId: string, after: TranscriptionPosition | null, limit: number): Promise<Transcription[]> {
    const where = after === null ? 'user_id = ?' : 'user_id = ? AND (created_at_ms < ? OR (created_at_ms = ? AND id < ?))';
    const params: unknown[] = after === null ? [userId] : [userId, after.createdAtMs, after.createdAtMs, after.id];
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(
      `SELECT ${COLUMNS} FROM transcriptions WHERE ${where} ORDER BY created_at_ms DESC, id DESC LIMIT ${Math.trunc(limit)}`,
      params,
    );
    return rows.map((r) => ({
      id: r.id as string,
      userId: r.user_id as string,
      reelId: r.reel_id as string,
      reelUrl: r.reel_url as string,
      text: r.text as string,
      altText: (r.alt_text as string | null) ?? null,
      language: r.language as string,
      durationSeconds: Number(r.duration_seconds),
      createdAt: new Date(Number(r.created_at_ms)),
    }));
  }
}
