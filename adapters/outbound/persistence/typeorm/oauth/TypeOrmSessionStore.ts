import { type DataSource } from 'typeorm';
import { type SessionRecord, type SessionStore } from '../../../../../application/ports/SessionStore';
import { type Dialect, dialectOf, readDate } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'id, user_id, token_hash, created_at, expires_at, revoked_at';

/** The `sessions` table: browser sign-ins and first-party session tokens, revocable before expiry. */
export class TypeOrmSessionStore implements SessionStore {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async create(s: SessionRecord): Promise<void> {
    await managerOf(this.dataSource).query(`INSERT INTO sessions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`, [
      s.id,
      s.userId,
      s.tokenHash,
      this.d.date(s.createdAt),
      this.d.date(s.expiresAt),
      this.d.dateOrNull(s.revokedAt),
    ]);
  }

  find(id: string): Promise<SessionRecord | null> {
    return this.one('id = ?', id);
  }

  findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    return this.one('token_hash = ?', tokenHash);
  }

  async revoke(id: string, at: Date): Promise<void> {
    await managerOf(this.dataSource).query('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [this.d.date(at), id]);
  }

  async revokeAllOf(userId: string, at: Date): Promise<number> {
    const manager = managerOf(this.dataSource);
    // Counted then updated: the two drivers report affected rows differently; a unit of work makes them one.
    const live = 'user_id = ? AND revoked_at IS NULL AND expires_at > ?';
    const params = [userId, this.d.date(at)];
    const ended = await manager.query<Array<{ id: string }>>(`SELECT id FROM sessions WHERE ${live}`, params);
    if (ended.length > 0) await manager.query(`UPDATE sessions SET revoked_at = ? WHERE ${live}`, [this.d.date(at), ...params]);
    return ended.length;
  }

  async sweep(before: Date): Promise<number> {
    const manager = managerOf(this.dataSource);
    const cutoff = this.d.date(before);
    const gone = await manager.query<Array<{ id: string }>>('SELECT id FROM sessions WHERE expires_at < ? OR revoked_at < ?', [cutoff, cutoff]);
    if (gone.length > 0) await manager.query('DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?', [cutoff, cutoff]);
    return gone.length;
  }

  private async one(where: string, value: string): Promise<SessionRecord | null> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(`SELECT ${COLUMNS} FROM sessions WHERE ${where}`, [value]);
    const row = rows[0];
    if (row === undefined) return null;
    return {
      id: row.id as string,
      userId: row.user_id as string,
      tokenHash: (row.token_hash as string | null) ?? null,
      createdAt: readDate(row.created_at)!,
      expiresAt: readDate(row.expires_at)!,
      revokedAt: readDate(row.revoked_at),
    };
  }
}
