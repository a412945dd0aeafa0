import { type DataSource, type EntityManager } from 'typeorm';
import { type EventToDeliver, type Subscriber, type WebhookOutbox } from '../../../../../application/ports/webhooks/WebhookOutbox';
import { type WebhookEventType } from '../../../../../domain/webhook/WebhookEventType';
import { inList, valuesList } from '../sql/Dialect';
import { atCommit, isSetWise, managerOf } from '../transactionContext';
import { DELIVERY_COLUMNS } from './TypeOrmWebhookDeliveries';

/**
 * What a set-wise unit of work keeps: each workspace's subscribers, read once, the workspaces
 * it may emit for whose subscribers are not read yet, and the rows it holds back.
 */
interface InUnit {
  readonly subscribers: Map<string, Subscriber[]>;
  readonly anticipated: Set<string>;
  readonly events: unknown[][];
  readonly deliveries: unknown[][];
}

/**
 * The outbox's side of `webhook_events` and `webhook_deliveries`: written on the caller's
 * transaction (the unit of work of the change that caused the events), so they commit or
 * roll back with it. In a set-wise unit (a round of the publishing engine) the subscribers
 * of every workspace it anticipated are read once, together, when the first event needs
 * them, and the rows go at its commit, one INSERT per table.
 */
export class TypeOrmWebhookOutbox implements WebhookOutbox {
  constructor(private readonly dataSource: DataSource) {}

  async subscribers(workspaceId: string): Promise<Subscriber[]> {
    const m = managerOf(this.dataSource);
    const unit = this.unitOf(m);
    if (unit === null) return (await this.read(m, [workspaceId])).get(workspaceId) ?? [];
    const kept = unit.subscribers.get(workspaceId);
    if (kept !== undefined) return kept;
    // This workspace's and every anticipated one's, in one read, each kept (none: an empty list).
    const workspaceIds = [workspaceId, ...[...unit.anticipated].filter((id) => id !== workspaceId)];
    unit.anticipated.clear();
    const read = await this.read(m, workspaceIds);
    for (const id of workspaceIds) unit.subscribers.set(id, read.get(id) ?? []);
    return unit.subscribers.get(workspaceId)!;
  }

  async anticipate(workspaceIds: readonly string[]): Promise<void> {
    const unit = this.unitOf(managerOf(this.dataSource));
    if (unit === null) return;
    for (const id of workspaceIds) if (!unit.subscribers.has(id)) unit.anticipated.add(id);
  }

  /** The enabled subscriptions of these workspaces, by workspace (one without any is absent). */
  private async read(m: EntityManager, workspaceIds: readonly string[]): Promise<Map<string, Subscriber[]>> {
    const rows = await m.query<Array<{ workspace_id: string; id: string; event_types: string }>>(
      `SELECT workspace_id, id, event_types FROM webhook_subscriptions WHERE workspace_id IN (${inList(workspaceIds.length)}) AND enabled = 1`,
      [...workspaceIds],
    );
    const byWorkspace = new Map<string, Subscriber[]>();
    for (const row of rows) {
      const subscribers = byWorkspace.get(row.workspace_id) ?? byWorkspace.set(row.workspace_id, []).get(row.workspace_id)!;
      subscribers.push({ id: row.id, eventTypes: JSON.parse(row.event_types) as WebhookEventType[] });
    }
    return byWorkspace;
  }

  async write(workspaceId: string, events: readonly EventToDeliver[], attemptLimit: number, now: Date): Promise<void> {
    const m = managerOf(this.dataSource);
    const at = now.getTime();
    const rows = events.map((e) => [e.id, workspaceId, e.type, e.body, at]);
    const deliveries = events.flatMap((e) =>
      e.deliveries.map((d) => [d.id, d.subscriptionId, workspaceId, e.id, e.type, 'pending', 0, attemptLimit, at, at, at]),
    );
    const unit = this.unitOf(m);
    if (unit !== null) {
      unit.events.push(...rows);
      unit.deliveries.push(...deliveries);
      return;
    }
    await this.insert(m, rows, deliveries);
  }

  private async insert(m: EntityManager, events: readonly unknown[][], deliveries: readonly unknown[][]): Promise<void> {
    if (events.length > 0) {
      await m.query(`INSERT INTO webhook_events (id, workspace_id, type, body, created_at_ms) VALUES ${valuesList(events.length, 5)}`, events.flat());
    }
    if (deliveries.length === 0) return;
    await m.query(`INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS}) VALUES ${valuesList(deliveries.length, 11)}`, deliveries.flat());
  }

  private unitOf(m: EntityManager): InUnit | null {
    if (!isSetWise(m)) return null;
    return atCommit(m, this, () => {
      const unit: InUnit = { subscribers: new Map(), anticipated: new Set(), events: [], deliveries: [] };
      return { state: unit, run: () => this.insert(m, unit.events.splice(0), unit.deliveries.splice(0)) };
    });
  }
}
