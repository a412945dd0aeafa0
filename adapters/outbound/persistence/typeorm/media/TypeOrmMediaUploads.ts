import { type DataSource } from 'typeorm';
import { type MediaUploadRepository } from '../../../../../domain/media/MediaRepository';
import { type MediaUploadSnapshot } from '../../../../../domain/media/MediaUpload';
import { changedRows, type Dialect, dialectOf, inList } from '../sql/Dialect';
import { managerOf } from '../transactionContext';
import { toUpload, UPLOAD_COLUMNS, uploadParams } from './mediaRows';

/** The `media_uploads` and `media_upload_parts` tables (docs/decisions.md, "Media"). */
export class TypeOrmMediaUploads implements MediaUploadRepository {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async create(upload: MediaUploadSnapshot): Promise<void> {
    const params = uploadParams(upload, this.d);
    await managerOf(this.dataSource).query(`INSERT INTO media_uploads (${UPLOAD_COLUMNS}) VALUES (${inList(params.length)})`, params);
  }

  async findById(id: string): Promise<MediaUploadSnapshot | null> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(`SELECT ${UPLOAD_COLUMNS} FROM media_uploads WHERE id = ?`, [id]);
    return rows.map(toUpload)[0] ?? null;
  }

  async recordPart(uploadId: string, partNumber: number, sizeBytes: number): Promise<boolean> {
    const manager = managerOf(this.dataSource);
    const matched = await changedRows(manager, 'UPDATE media_upload_parts SET size_bytes = ? WHERE upload_id = ? AND part_number = ?', [
      sizeBytes,
      uploadId,
      partNumber,
    ]);
    if (matched > 0) return true;
    // Inserted only while the upload's row is there (a claimed upload has none: no foreign-key
    // error, nothing recorded); two sends of one part at once: the second finds the first's row.
    const ignore = this.d.sqlite ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    await manager.query(`${ignore} INTO media_upload_parts (upload_id, part_number, size_bytes) SELECT id, ?, ? FROM media_uploads WHERE id = ?`, [
      partNumber,
      sizeBytes,
      uploadId,
    ]);
    const found = await manager.query<unknown[]>('SELECT 1 FROM media_upload_parts WHERE upload_id = ? AND part_number = ?', [uploadId, partNumber]);
    return found.length > 0;
  }

  async partsOf(uploadId: string): Promise<number[]> {
    const rows = await managerOf(this.dataSource).query<Array<{ part_number: number | string }>>(
      'SELECT part_number FROM media_upload_parts WHERE upload_id = ? ORDER BY part_number',
      [uploadId],
    );
    return rows.map((row) => Number(row.part_number));
  }

  // The row's removal decides: of concurrent DELETEs one removes it (the others, on MySQL, wait
  // for its row lock and then match nothing). The part rows go with it (ON DELETE CASCADE), in
  // the same statement, so no reader sees an upload without the parts it had.
  async claim(uploadId: string, workspaceId: string, now: Date): Promise<boolean> {
    const sql = 'DELETE FROM media_uploads WHERE id = ? AND workspace_id = ? AND expires_at > ?';
    return (await changedRows(managerOf(this.dataSource), sql, [uploadId, workspaceId, this.d.date(now)])) === 1;
  }

  async removeExpired(uploadId: string, now: Date): Promise<boolean> {
    const sql = 'DELETE FROM media_uploads WHERE id = ? AND expires_at <= ?';
    return (await changedRows(managerOf(this.dataSource), sql, [uploadId, this.d.date(now)])) === 1;
  }

  async expired(now: Date, limit: number): Promise<MediaUploadSnapshot[]> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(
      `SELECT ${UPLOAD_COLUMNS} FROM media_uploads WHERE expires_at <= ? ORDER BY expires_at, id LIMIT ?`,
      [this.d.date(now), limit],
    );
    return rows.map(toUpload);
  }
}
