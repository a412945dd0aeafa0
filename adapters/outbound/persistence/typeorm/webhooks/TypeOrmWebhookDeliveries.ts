import { type DataSource } from 'typeorm';
import {
  type AttemptRecord,
  type ClaimedDelivery,
  type DeliveryAttempt,
  type DeliveryStatus,
  type WebhookDeliveries,
  type WebhookDelivery,
} from '../../../../../application/ports/webhooks/WebhookDeliveries';
import { changedRows, inList } from '../sql/Dialect';
import { inTransaction, managerOf } from '../transactionContext';

export const DELIVERY_COLUMNS =
  'id, subscription_id, workspace_id, event_id, event_type, status, attempts, attempt_limit, next_attempt_at_ms, created_at_ms, updated_at_ms';
const FREE = '(lease_until_ms IS NULL OR lease_until_ms <= ?)';
type Row = Record<string, unknown>;

/**
 * The outbox's deliveries and their attempts (`webhook_deliveries`, `webhook_delivery_attempts`). A claim leases each due row with a conditional UPDATE: of
 * two workers that read the same candidates, one changes the row and the other none, on
 * SQLite and MySQL alike, so a delivery is never held by two at once.
 */
export class TypeOrmWebhookDeliveries implements WebhookDeliveries {
  constructor(private readonly dataSource: DataSource) {}

  async claimDue(request: { owner: string; now: Date; leaseMs: number; limit: number }): Promise<ClaimedDelivery[]> {
    const now = request.now.getTime();
    const m = managerOf(this.dataSource);
    const candidates = await m.query<Row[]>(
      'SELECT d.id FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id ' +
        `WHERE d.status = 'pending' AND d.next_attempt_at_ms <= ? AND ${FREE.replace(/lease_until_ms/g, 'd.lease_until_ms')} AND s.enabled = 1 ` +
        `ORDER BY d.next_attempt_at_ms, d.id LIMIT ${Math.trunc(request.limit)}`,
      [now, now],
    );
    const claimed: string[] = [];
    for (const { id } of candidates) {
      const sql = `UPDATE webhook_deliveries SET lease_owner = ?, lease_until_ms = ? WHERE id = ? AND status = 'pending' AND ${FREE}`;
      if ((await inTransaction(this.dataSource, (tx) => changedRows(tx, sql, [request.owner, now + request.leaseMs, id, now]))) === 1)
        claimed.push(id as string);
    }
    if (claimed.length === 0) return [];
    const rows = await m.query<Row[]>(
      'SELECT d.id, d.subscription_id, d.event_id, d.event_type, d.attempts, d.attempt_limit, d.created_at_ms, e.body FROM webhook_deliveries d ' +
        `JOIN webhook_events e ON e.id = d.event_id WHERE d.id IN (${inList(claimed.length)}) ORDER BY d.next_attempt_at_ms, d.id`,
      claimed,
    );
    return rows.map((r) => ({
      id: r.id as string,
      subscriptionId: r.subscription_id as string,
      eventId: r.event_id as string,
      eventType: r.event_type as string,
      body: r.body as string,
      attempts: Number(r.attempts),
      attemptLimit: Number(r.attempt_limit),
      leaseOwner: request.owner,
      createdAt: new Date(Number(r.created_at_ms)),
    }));
  }

  async holdEndpoint(subscriptionId: string, owner: string, until: Date, now: Date): Promise<void> {
    const sql =
      'UPDATE webhook_deliveries SET next_attempt_at_ms = ?, lease_owner = NULL, lease_until_ms = NULL ' +
      "WHERE subscription_id = ? AND status = 'pending' AND next_attempt_at_ms < ? AND (lease_owner = ? OR lease_until_ms IS NULL OR lease_until_ms <= ?)";
    await inTransaction(this.dataSource, (m) => m.query(sql, [until.getTime(), subscriptionId, until.getTime(), owner, now.getTime()]));
  }

  /** One conditional UPDATE per delivery, each its own transaction: a heartbeat holds one row lock at a time. */
  async renew(deliveryIds: readonly string[], owner: string, until: Date): Promise<string[]> {
    const sql = "UPDATE webhook_deliveries SET lease_until_ms = ? WHERE id = ? AND lease_owner = ? AND status = 'pending'";
    const renewed: string[] = [];
    for (const id of deliveryIds) {
      if ((await inTransaction(this.dataSource, (m) => changedRows(m, sql, [until.getTime(), id, owner]))) === 1) renewed.push(id);
    }
    return renewed;
  }

  async release(deliveryIds: readonly string[], owner: string): Promise<void> {
    if (deliveryIds.length === 0) return;
    const sql = `UPDATE webhook_deliveries SET lease_owner = NULL, lease_until_ms = NULL WHERE id IN (${inList(deliveryIds.length)}) AND lease_owner = ?`;
    await inTransaction(this.dataSource, (m) => m.query(sql, [...deliveryIds, owner]));
  }

  record(deliveryId: string, owner: string, record: AttemptRecord, now: Date): Promise<boolean> {
    const { attempt, next } = record;
    const nextAt = next.status === 'pending' ? next.at.getTime() : null;
    return inTransaction(this.dataSource, async (m) => {
      const moved = await changedRows(
        m,
        'UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at_ms = ?, lease_owner = NULL, lease_until_ms = NULL, updated_at_ms = ? ' +
          "WHERE id = ? AND lease_owner = ? AND status = 'pending'",
        [next.status, attempt.attempt, nextAt, now.getTime(), deliveryId, owner],
      );
      if (moved !== 1) return false;
      await m.query('INSERT INTO webhook_delivery_attempts (delivery_id, attempt, at_ms, status_code, response_ms, error) VALUES (?, ?, ?, ?, ?, ?)', [
        deliveryId,
        attempt.attempt,
        attempt.at.getTime(),
        attempt.statusCode,
        attempt.responseMs,
        attempt.error,
      ]);
      return true;
    });
  }

  async list(subscriptionId: string, page: { limit: number; offset: number; status?: DeliveryStatus }): Promise<{ items: WebhookDelivery[]; total: number }> {
    const m = managerOf(this.dataSource);
    const where = page.status === undefined ? 'subscription_id = ?' : 'subscription_id = ? AND status = ?';
    const params = page.status === undefined ? [subscriptionId] : [subscriptionId, page.status];
    const rows = await m.query<Row[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE ${where} ORDER BY id DESC LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
      params,
    );
    const [count] = await m.query<Row[]>(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE ${where}`, params);
    return { items: await this.withAttempts(rows), total: Number(count?.n ?? 0) };
  }

  async findDelivery(subscriptionId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const rows = await managerOf(this.dataSource).query<Row[]>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ? AND subscription_id = ?`, [
      deliveryId,
      subscriptionId,
    ]);
    return (await this.withAttempts(rows))[0] ?? null;
  }

  retry(subscriptionId: string, deliveryId: string, now: Date): Promise<boolean> {
    const sql =
      "UPDATE webhook_deliveries SET status = 'pending', attempt_limit = attempts + 1, next_attempt_at_ms = ?, updated_at_ms = ? " +
      "WHERE id = ? AND subscription_id = ? AND status <> 'pending'";
    return inTransaction(this.dataSource, async (m) => (await changedRows(m, sql, [now.getTime(), now.getTime(), deliveryId, subscriptionId])) === 1);
  }

  prune(before: Date, limit: number): Promise<number> {
    const cutoff = before.getTime();
    return inTransaction(this.dataSource, async (m) => {
      const ended = await m.query<Row[]>(
        `SELECT id FROM webhook_deliveries WHERE status IN ('succeeded', 'failed') AND updated_at_ms < ? ORDER BY status, updated_at_ms LIMIT ${Math.trunc(limit)}`,
        [cutoff],
      );
      const ids = ended.map((r) => r.id as string);
      // Their attempts go with them (ON DELETE CASCADE).
      if (ids.length > 0) await m.query(`DELETE FROM webhook_deliveries WHERE id IN (${inList(ids.length)})`, ids);
      await m.query(
        'DELETE FROM webhook_events WHERE created_at_ms < ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)',
        [cutoff],
      );
      return ids.length;
    });
  }

  /** The deliveries with their attempts, read in one more statement whatever their number. */
  private async withAttempts(rows: Row[]): Promise<WebhookDelivery[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id as string);
    const attempts = await managerOf(this.dataSource).query<Row[]>(
      `SELECT delivery_id, attempt, at_ms, status_code, response_ms, error FROM webhook_delivery_attempts WHERE delivery_id IN (${inList(ids.length)}) ORDER BY delivery_id, attempt`,
      ids,
    );
    const byDelivery = new Map<string, DeliveryAttempt[]>();
    for (const a of attempts) {
      const list = byDelivery.get(a.delivery_id as string) ?? [];
      list.push({
        attempt: Number(a.attempt),
        at: new Date(Number(a.at_ms)),
        statusCode: a.status_code === null ? null : Number(a.status_code),
        responseMs: Number(a.response_ms),
        error: (a.error as string | null) ?? null,
      });
      byDelivery.set(a.delivery_id as string, list);
    }
    return rows.map((r) => ({
      id: r.id as string,
      subscriptionId: r.subscription_id as string,
      workspaceId: r.workspace_id as string,
      eventId: r.event_id as string,
      eventType: r.event_type as string,
      status: r.status as DeliveryStatus,
      attempts: Number(r.attempts),
      attemptLimit: Number(r.attempt_limit),
      nextAttemptAt: r.next_attempt_at_ms === null ? null : new Date(Number(r.next_attempt_at_ms)),
      createdAt: new Date(Number(r.created_at_ms)),
      updatedAt: new Date(Number(r.updated_at_ms)),
      attemptLog: byDelivery.get(r.id as string) ?? [],
    }));
  }
}
