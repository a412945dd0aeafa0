import { type DataSource } from 'typeorm';
import { type PendingSigner, type PendingSigners } from '../../../../../application/ports/platforms/PendingSigners';
import { type Platform } from '../../../../../domain/platform/Platform';
import { type SecretBox } from '../../../keys/SecretBox';
import { changedRows, type Dialect, dialectOf, readDate } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'id, sealed_signer, workspace_id, user_id, platform, return_to, expires_at';

/** The `pending_signers` table; the signer's id sealed (docs/decisions.md, "Connections", Farcaster). */
export class TypeOrmPendingSigners implements PendingSigners {
  private readonly d: Dialect;

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {
    this.d = dialectOf(dataSource);
  }

  async save(s: PendingSigner): Promise<void> {
    await managerOf(this.dataSource).query(`INSERT INTO pending_signers (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      s.id,
      this.box.seal(s.signerId),
      s.workspaceId,
      s.userId,
      s.platform,
      s.returnTo,
      this.d.date(s.expiresAt),
    ]);
  }

  async page(afterId: string | null, limit: number): Promise<PendingSigner[]> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(
      `SELECT ${COLUMNS} FROM pending_signers WHERE id > ? ORDER BY id LIMIT ?`,
      [afterId ?? '', limit],
    );
    return rows.map((row) => ({
      id: row.id as string,
      signerId: this.box.open(row.sealed_signer as string),
      workspaceId: row.workspace_id as string,
      userId: row.user_id as string,
      platform: row.platform as Platform,
      returnTo: (row.return_to as string | null) ?? null,
      expiresAt: readDate(row.expires_at)!,
    }));
  }

  async remove(id: string): Promise<boolean> {
    return (await changedRows(managerOf(this.dataSource), 'DELETE FROM pending_signers WHERE id = ?', [id])) > 0;
  }
}
