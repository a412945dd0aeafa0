import { type DataSource } from 'typeorm';
import { type ConnectState, type ConnectStates } from '../../../../../application/ports/platforms/ConnectStates';
import { type Platform } from '../../../../../domain/platform/Platform';
import { type SecretBox } from '../../../keys/SecretBox';
import { changedRows, type Dialect, dialectOf, readDate } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'state_hash, workspace_id, user_id, platform, sealed_verifier, return_to, expires_at';

/** The `connect_states` table; the PKCE verifier sealed (docs/decisions.md, "Connections"). */
export class TypeOrmConnectStates implements ConnectStates {
  private readonly d: Dialect;

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {
    this.d = dialectOf(dataSource);
  }

  async save(s: ConnectState): Promise<void> {
    const verifier = s.codeVerifier === null ? null : this.box.seal(s.codeVerifier);
    await managerOf(this.dataSource).query(`INSERT INTO connect_states (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      s.stateHash,
      s.workspaceId,
      s.userId,
      s.platform,
      verifier,
      s.returnTo,
      this.d.date(s.expiresAt),
    ]);
  }

  /** Read, then deleted by a statement only one caller can win: two callbacks with one state get one answer. */
  async take(stateHash: string): Promise<ConnectState | null> {
    const manager = managerOf(this.dataSource);
    const rows = await manager.query<Array<Record<string, unknown>>>(`SELECT ${COLUMNS} FROM connect_states WHERE state_hash = ?`, [stateHash]);
    const row = rows[0];
    if (row === undefined) return null;
    if ((await changedRows(manager, 'DELETE FROM connect_states WHERE state_hash = ?', [stateHash])) === 0) return null;
    const sealed = row.sealed_verifier as string | null;
    return {
      stateHash,
      workspaceId: row.workspace_id as string,
      userId: row.user_id as string,
      platform: row.platform as Platform,
      codeVerifier: sealed === null ? null : this.box.open(sealed),
      returnTo: (row.return_to as string | null) ?? null,
      expiresAt: readDate(row.expires_at)!,
    };
  }
}
