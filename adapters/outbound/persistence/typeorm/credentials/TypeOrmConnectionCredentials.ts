import { type DataSource } from 'typeorm';
import { type ConnectionCredentials } from '../../../../../application/ports/platforms/ConnectionCredentials';
import { type PlatformGrant } from '../../../../../application/ports/platforms/PlatformGrant';
import { type SecretBox } from '../../../keys/SecretBox';
import { changedRows, type Dialect, dialectOf } from '../sql/Dialect';
import { managerOf } from '../transactionContext';
import { decodeGrant, encodeGrant } from './grantCodec';

/** The `connection_credentials` table: one sealed grant per connection (docs/decisions.md, "Connections"). */
export class TypeOrmConnectionCredentials implements ConnectionCredentials {
  private readonly d: Dialect;

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {
    this.d = dialectOf(dataSource);
  }

  async save(connectionId: string, grant: PlatformGrant, now: Date): Promise<void> {
    const sealed = this.box.seal(encodeGrant(grant));
    const manager = managerOf(this.dataSource);
    const updated = await changedRows(manager, 'UPDATE connection_credentials SET sealed_grant = ?, updated_at = ? WHERE connection_id = ?', [
      sealed,
      this.d.date(now),
      connectionId,
    ]);
    if (updated > 0) return;
    await manager.query('INSERT INTO connection_credentials (connection_id, sealed_grant, updated_at) VALUES (?, ?, ?)', [
      connectionId,
      sealed,
      this.d.date(now),
    ]);
  }

  async find(connectionId: string): Promise<PlatformGrant | null> {
    const rows = await managerOf(this.dataSource).query<Array<{ sealed_grant: string }>>(
      'SELECT sealed_grant FROM connection_credentials WHERE connection_id = ?',
      [connectionId],
    );
    const row = rows[0];
    return row === undefined ? null : decodeGrant(this.box.open(row.sealed_grant));
  }

  async page(afterConnectionId: string | null, limit: number): Promise<Array<{ connectionId: string; grant: PlatformGrant }>> {
    const rows = await managerOf(this.dataSource).query<Array<{ connection_id: string; sealed_grant: string }>>(
      'SELECT connection_id, sealed_grant FROM connection_credentials WHERE connection_id > ? ORDER BY connection_id LIMIT ?',
      [afterConnectionId ?? '', limit],
    );
    return rows.map((row) => ({ connectionId: row.connection_id, grant: decodeGrant(this.box.open(row.sealed_grant)) }));
  }

  async remove(connectionId: string): Promise<void> {
    await managerOf(this.dataSource).query('DELETE FROM connection_credentials WHERE connection_id = ?', [connectionId]);
  }
}
