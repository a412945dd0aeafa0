import { type DataSource } from 'typeorm';
import { type EventToDeliver, type Subscriber, type WebhookOutbox } from '../../../../../application/ports/webhooks/WebhookOutbox';
import { type WebhookEventType } from '../../../../../domain/webhook/WebhookEventType';
import { valuesList } from '../sql/Dialect';
import { managerOf } from '../transactionContext';
import { DELIVERY_COLUMNS } from './TypeOrmWebhookDeliveries';

/**
 * The outbox's side of `webhook_events` and `webhook_deliveries`: written on the caller's
 * transaction (the unit of work of the change that caused the events), so they commit or
 * roll back with it.
 */
export class TypeOrmWebhookOutbox implements WebhookOutbox {
  constructor(private readonly dataSource: DataSource) {}

  async subscribers(workspaceId: string): Promise<Subscriber[]> {
    const rows = await managerOf(this.dataSource).query<Array<{ id: string; event_types: string }>>(
      'SELECT id, event_types FROM webhook_subscriptions WHERE workspace_id = ? AND enabled = 1',
      [workspaceId],
    );
    return rows.map((row) => ({ id: row.id, eventTypes: JSON.parse(row.event_types) as WebhookEventType[] }));
  }

  async write(workspaceId: string, events: readonly EventToDeliver[], attemptLimit: number, now: Date): Promise<void> {
    const m = managerOf(this.dataSource);
    const at = now.getTime();
    await m.query(
      `INSERT INTO webhook_events (id, workspace_id, type, body, created_at_ms) VALUES ${valuesList(events.length, 5)}`,
      events.flatMap((e) => [e.id, workspaceId, e.type, e.body, at]),
    );
    const deliveries = events.flatMap((e) =>
      e.deliveries.map((d) => [d.id, d.subscriptionId, workspaceId, e.id, e.type, 'pending', 0, attemptLimit, at, at, at]),
    );
    if (deliveries.length === 0) return;
    await m.query(`INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS}) VALUES ${valuesList(deliveries.length, 11)}`, deliveries.flat());
  }
}
