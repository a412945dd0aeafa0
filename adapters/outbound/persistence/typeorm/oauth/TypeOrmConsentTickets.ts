import { type DataSource } from 'typeorm';
import { type ConsentTicket, type ConsentTickets } from '../../../../../application/ports/oauth/ConsentTickets';
import { changedRows, type Dialect, dialectOf, readDate, readJson } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'id_hash, user_id, client_id, request, expires_at';
type Request = Pick<ConsentTicket, 'redirectUri' | 'state' | 'codeChallenge' | 'resource' | 'requestedScopes'>;

/** The `oauth_consent_tickets` table; the validated request as JSON in `request`. */
export class TypeOrmConsentTickets implements ConsentTickets {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async save(t: ConsentTicket): Promise<void> {
    const request: Request = {
      redirectUri: t.redirectUri,
      state: t.state,
      codeChallenge: t.codeChallenge,
      resource: t.resource,
      requestedScopes: t.requestedScopes,
    };
    await managerOf(this.dataSource).query(`INSERT INTO oauth_consent_tickets (${COLUMNS}) VALUES (?, ?, ?, ?, ?)`, [
      t.idHash,
      t.userId,
      t.clientId,
      JSON.stringify(request),
      this.d.date(t.expiresAt),
    ]);
  }

  /** Read, then deleted by a statement only one caller can win: a form posted twice gets one answer. */
  async take(idHash: string): Promise<ConsentTicket | null> {
    const manager = managerOf(this.dataSource);
    const rows = await manager.query<Array<Record<string, unknown>>>(`SELECT ${COLUMNS} FROM oauth_consent_tickets WHERE id_hash = ?`, [idHash]);
    const row = rows[0];
    if (row === undefined) return null;
    if ((await changedRows(manager, 'DELETE FROM oauth_consent_tickets WHERE id_hash = ?', [idHash])) === 0) return null;
    const request = readJson(row.request) as Request;
    return {
      idHash,
      userId: row.user_id as string,
      clientId: row.client_id as string,
      redirectUri: request.redirectUri,
      state: request.state,
      codeChallenge: request.codeChallenge,
      resource: request.resource,
      requestedScopes: request.requestedScopes,
      expiresAt: readDate(row.expires_at)!,
    };
  }

  sweep(before: Date): Promise<number> {
    return changedRows(managerOf(this.dataSource), 'DELETE FROM oauth_consent_tickets WHERE expires_at < ?', [this.d.date(before)]);
  }
}
