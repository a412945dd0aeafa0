import { type DataSource } from 'typeorm';
import { type OAuthClientRepository } from '../../../../../application/ports/oauth/OAuthClientRepository';
import { type Scope } from '../../../../../domain/credential/Scope';
import { type ClientGrant, OAuthClient } from '../../../../../domain/oauth/OAuthClient';
import { conflict } from '../../../../../domain/shared/DomainError';
import { isUniqueViolation } from '../repositories/uniqueViolation';
import { changedRows, type Dialect, dialectOf, readDate, readJson } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'id, name, redirect_uris, grants, scopes, secret_hash, created_at';

/**
 * The `oauth_clients` table; lists (redirect URIs, grants, scopes) as JSON arrays. Removing a
 * client removes its grants, tokens, device authorizations and consent tickets by the foreign
 * keys' ON DELETE CASCADE.
 */
export class TypeOrmOAuthClients implements OAuthClientRepository {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async add(client: OAuthClient): Promise<void> {
    const c = client.toSnapshot();
    try {
      await managerOf(this.dataSource).query(`INSERT INTO oauth_clients (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
        c.clientId,
        c.name,
        JSON.stringify(c.redirectUris),
        JSON.stringify(c.grants),
        JSON.stringify(c.scopes),
        c.secretHash,
        this.d.date(c.createdAt),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('client_exists', `a client ${c.clientId} is already registered`);
      throw error;
    }
  }

  async findById(clientId: string): Promise<OAuthClient | null> {
    const rows = await managerOf(this.dataSource).query<Row[]>(`SELECT ${COLUMNS} FROM oauth_clients WHERE id = ?`, [clientId]);
    return rows[0] === undefined ? null : toClient(rows[0]);
  }

  async list(): Promise<OAuthClient[]> {
    const rows = await managerOf(this.dataSource).query<Row[]>(`SELECT ${COLUMNS} FROM oauth_clients ORDER BY created_at, id`);
    return rows.map(toClient);
  }

  async remove(clientId: string): Promise<boolean> {
    return (await changedRows(managerOf(this.dataSource), 'DELETE FROM oauth_clients WHERE id = ?', [clientId])) > 0;
  }
}

type Row = Record<string, unknown>;

const toClient = (row: Row): OAuthClient =>
  OAuthClient.rehydrate({
    clientId: row.id as string,
    name: row.name as string,
    redirectUris: readJson(row.redirect_uris) as string[],
    grants: readJson(row.grants) as ClientGrant[],
    scopes: readJson(row.scopes) as Scope[],
    secretHash: (row.secret_hash as string | null) ?? null,
    createdAt: readDate(row.created_at)!,
  });
