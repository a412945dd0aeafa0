import { type DataSource } from 'typeorm';
import { type DeviceAuthorizations } from '../../../../../application/ports/oauth/DeviceAuthorizations';
import { type Scope } from '../../../../../domain/credential/Scope';
import { type DeviceAuthorization, type DeviceStatus } from '../../../../../domain/oauth/DeviceAuthorization';
import { changedRows, type Dialect, dialectOf, readDate, readJson } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS =
  'id, device_code_hash, user_code_hash, client_id, requested_scopes, resource, workspace_hint, created_at, expires_at, interval_seconds, last_polled_at, status, decision';
type Row = Record<string, unknown>;

/** The `oauth_device_authorizations` table; each change of status is one conditional UPDATE. */
export class TypeOrmDeviceAuthorizations implements DeviceAuthorizations {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async save(a: DeviceAuthorization): Promise<void> {
    await managerOf(this.dataSource).query(`INSERT INTO oauth_device_authorizations (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      a.id,
      a.deviceCodeHash,
      a.userCodeHash,
      a.clientId,
      JSON.stringify(a.requestedScopes),
      a.resource,
      a.workspaceHint,
      this.d.date(a.createdAt),
      this.d.date(a.expiresAt),
      a.intervalSeconds,
      this.d.dateOrNull(a.lastPolledAt),
      a.status,
      a.decision === null ? null : JSON.stringify(a.decision),
    ]);
  }

  findByDeviceCode(deviceCodeHash: string): Promise<DeviceAuthorization | null> {
    return this.one('device_code_hash', deviceCodeHash);
  }

  findByUserCode(userCodeHash: string): Promise<DeviceAuthorization | null> {
    return this.one('user_code_hash', userCodeHash);
  }

  async recordPoll(id: string, at: Date): Promise<void> {
    await managerOf(this.dataSource).query('UPDATE oauth_device_authorizations SET last_polled_at = ? WHERE id = ?', [this.d.date(at), id]);
  }

  /** `at` is not kept: the status says all a poll needs. */
  async decide(id: string, decision: DeviceAuthorization['decision'], _at: Date): Promise<boolean> {
    const status: DeviceStatus = decision === null ? 'denied' : 'approved';
    const sql = "UPDATE oauth_device_authorizations SET status = ?, decision = ? WHERE id = ? AND status = 'pending'";
    return (await changedRows(managerOf(this.dataSource), sql, [status, decision === null ? null : JSON.stringify(decision), id])) === 1;
  }

  async redeem(id: string): Promise<boolean> {
    const sql = "UPDATE oauth_device_authorizations SET status = 'redeemed' WHERE id = ? AND status = 'approved'";
    return (await changedRows(managerOf(this.dataSource), sql, [id])) === 1;
  }

  sweep(before: Date): Promise<number> {
    return changedRows(managerOf(this.dataSource), 'DELETE FROM oauth_device_authorizations WHERE expires_at < ?', [this.d.date(before)]);
  }

  private async one(column: 'device_code_hash' | 'user_code_hash', value: string): Promise<DeviceAuthorization | null> {
    const rows = await managerOf(this.dataSource).query<Row[]>(`SELECT ${COLUMNS} FROM oauth_device_authorizations WHERE ${column} = ?`, [value]);
    const row = rows[0];
    if (row === undefined) return null;
    return {
      id: row.id as string,
      deviceCodeHash: row.device_code_hash as string,
      userCodeHash: row.user_code_hash as string,
      clientId: row.client_id as string,
      requestedScopes: readJson(row.requested_scopes) as Scope[],
      resource: row.resource as string,
      workspaceHint: (row.workspace_hint as string | null) ?? null,
      createdAt: readDate(row.created_at)!,
      expiresAt: readDate(row.expires_at)!,
      intervalSeconds: Number(row.interval_seconds),
      lastPolledAt: readDate(row.last_polled_at),
      status: row.status as DeviceStatus,
      decision: row.decision === null ? null : (readJson(row.decision) as DeviceAuthorization['decision']),
    };
  }
}
