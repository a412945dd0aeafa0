import { type DataSource } from 'typeorm';
import { type Consumed, type TokenGrants } from '../../../../../application/ports/oauth/TokenGrants';
import { type Scope } from '../../../../../domain/credential/Scope';
import { type AuthorizationCodeRecord, type RefreshTokenRecord, type TokenGrant } from '../../../../../domain/oauth/TokenGrant';
import { changedRows, type Dialect, dialectOf, readDate, readJson } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const GRANT_COLUMNS = 'id, client_id, user_id, workspace_id, scopes, resource, created_at, expires_at, revoked_at';
const TOKEN_COLUMNS = 'token_hash, kind, grant_id, client_id, details, created_at, expires_at, consumed_at';
type Kind = 'code' | 'refresh';
type Row = Record<string, unknown>;

/**
 * `oauth_grants` (token families) and `oauth_tokens` (codes and refresh tokens, one row each; what
 * only a code has is JSON in `details`). Scopes are JSON arrays (docs/decisions.md, "OAuth server").
 */
export class TypeOrmTokenGrants implements TokenGrants {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async createGrant(g: TokenGrant): Promise<void> {
    await managerOf(this.dataSource).query(`INSERT INTO oauth_grants (${GRANT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      g.id,
      g.clientId,
      g.userId,
      g.workspaceId,
      JSON.stringify(g.scopes),
      g.resource,
      this.d.date(g.createdAt),
      this.d.date(g.expiresAt),
      this.d.dateOrNull(g.revokedAt),
    ]);
  }

  async findGrant(id: string): Promise<TokenGrant | null> {
    const rows = await managerOf(this.dataSource).query<Row[]>(`SELECT ${GRANT_COLUMNS} FROM oauth_grants WHERE id = ?`, [id]);
    const row = rows[0];
    if (row === undefined) return null;
    return {
      id: row.id as string,
      clientId: row.client_id as string,
      userId: row.user_id as string,
      workspaceId: row.workspace_id as string,
      scopes: readJson(row.scopes) as Scope[],
      resource: row.resource as string,
      createdAt: readDate(row.created_at)!,
      expiresAt: readDate(row.expires_at)!,
      revokedAt: readDate(row.revoked_at),
    };
  }

  /** Idempotent: a second revocation keeps the first one's time. */
  async revokeGrant(id: string, at: Date): Promise<void> {
    await managerOf(this.dataSource).query('UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [this.d.date(at), id]);
  }

  async revokeGrantsOf(userId: string, workspaceId: string, at: Date): Promise<void> {
    await managerOf(this.dataSource).query('UPDATE oauth_grants SET revoked_at = ? WHERE user_id = ? AND workspace_id = ? AND revoked_at IS NULL', [
      this.d.date(at),
      userId,
      workspaceId,
    ]);
  }

  async saveCode(code: AuthorizationCodeRecord): Promise<void> {
    const { codeHash, grantId, clientId, expiresAt, consumedAt, ...details } = code;
    await this.insertToken(codeHash, 'code', grantId, clientId, details, null, expiresAt, consumedAt);
  }

  async consumeCode(codeHash: string, at: Date): Promise<Consumed<AuthorizationCodeRecord> | null> {
    const consumed = await this.consume(codeHash, 'code', at);
    return consumed === null ? null : { record: toCode(consumed.record), firstUse: consumed.firstUse };
  }

  async saveRefreshToken(t: RefreshTokenRecord): Promise<void> {
    await this.insertToken(t.tokenHash, 'refresh', t.grantId, t.clientId, {}, t.createdAt, t.expiresAt, t.consumedAt);
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null> {
    const row = await this.token(tokenHash, 'refresh');
    return row === null ? null : toRefresh(row);
  }

  async consumeRefreshToken(tokenHash: string, at: Date): Promise<Consumed<RefreshTokenRecord> | null> {
    const consumed = await this.consume(tokenHash, 'refresh', at);
    return consumed === null ? null : { record: toRefresh(consumed.record), firstUse: consumed.firstUse };
  }

  /** Expired codes and refresh tokens, then the ended or revoked families no token refers to any more. */
  async sweep(before: Date): Promise<number> {
    const manager = managerOf(this.dataSource);
    const cutoff = this.d.date(before);
    const tokens = await changedRows(manager, 'DELETE FROM oauth_tokens WHERE expires_at < ?', [cutoff]);
    const grants = await changedRows(
      manager,
      'DELETE FROM oauth_grants WHERE (expires_at < ? OR revoked_at < ?) AND NOT EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.grant_id = oauth_grants.id)',
      [cutoff, cutoff],
    );
    return tokens + grants;
  }

  /** One conditional statement decides the first use; only the loser (or an unknown hash) reads back. */
  private async consume(tokenHash: string, kind: Kind, at: Date): Promise<{ record: Row; firstUse: boolean } | null> {
    const sql = 'UPDATE oauth_tokens SET consumed_at = ? WHERE token_hash = ? AND kind = ? AND consumed_at IS NULL';
    const firstUse = (await changedRows(managerOf(this.dataSource), sql, [this.d.date(at), tokenHash, kind])) === 1;
    const row = await this.token(tokenHash, kind);
    return row === null ? null : { record: row, firstUse };
  }

  private async token(tokenHash: string, kind: Kind): Promise<Row | null> {
    const rows = await managerOf(this.dataSource).query<Row[]>(`SELECT ${TOKEN_COLUMNS} FROM oauth_tokens WHERE token_hash = ? AND kind = ?`, [
      tokenHash,
      kind,
    ]);
    return rows[0] ?? null;
  }

  private async insertToken(
    hash: string,
    kind: Kind,
    grantId: string,
    clientId: string,
    details: object,
    createdAt: Date | null,
    expiresAt: Date,
    consumedAt: Date | null,
  ): Promise<void> {
    await managerOf(this.dataSource).query(`INSERT INTO oauth_tokens (${TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      hash,
      kind,
      grantId,
      clientId,
      JSON.stringify(details),
      this.d.dateOrNull(createdAt),
      this.d.date(expiresAt),
      this.d.dateOrNull(consumedAt),
    ]);
  }
}

function toCode(row: Row): AuthorizationCodeRecord {
  const details = readJson(row.details) as Pick<AuthorizationCodeRecord, 'redirectUri' | 'codeChallenge' | 'resource' | 'userId' | 'workspaceId' | 'scopes'>;
  return {
    codeHash: row.token_hash as string,
    grantId: row.grant_id as string,
    clientId: row.client_id as string,
    redirectUri: details.redirectUri,
    codeChallenge: details.codeChallenge,
    resource: details.resource,
    userId: details.userId,
    workspaceId: details.workspaceId,
    scopes: details.scopes,
    expiresAt: readDate(row.expires_at)!,
    consumedAt: readDate(row.consumed_at),
  };
}

const toRefresh = (row: Row): RefreshTokenRecord => ({
  tokenHash: row.token_hash as string,
  grantId: row.grant_id as string,
  clientId: row.client_id as string,
  createdAt: readDate(row.created_at)!,
  expiresAt: readDate(row.expires_at)!,
  consumedAt: readDate(row.consumed_at),
});
