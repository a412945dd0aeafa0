import { type DataSource } from 'typeorm';
import { type WebhookSubscriptions } from '../../../../../application/ports/webhooks/WebhookSubscriptions';
import { type WebhookEventType } from '../../../../../domain/webhook/WebhookEventType';
import { type SigningSecret, WebhookSubscription } from '../../../../../domain/webhook/WebhookSubscription';
import { type SecretBox } from '../../../keys/SecretBox';
import { changedRows, type Dialect, dialectOf } from '../sql/Dialect';
import { inTransaction, managerOf } from '../transactionContext';

const COLUMNS =
  'id, workspace_id, url, event_types, enabled, description, sealed_secrets, consecutive_failures, last_success_at_ms, ' +
  'last_failure_at_ms, last_error, disabled_reason, created_at_ms, updated_at_ms, version';

type Row = Record<string, unknown>;
const msOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(Number(value)));

/** The `webhook_subscriptions` table; the signing secrets sealed under SECRET_KEY (docs/webhooks.md). */
export class TypeOrmWebhookSubscriptions implements WebhookSubscriptions {
  private readonly d: Dialect;

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {
    this.d = dialectOf(dataSource);
  }

  add(s: WebhookSubscription, limit: number): Promise<boolean> {
    // The workspace's row locked (MySQL; SQLite has one writer), so two creations for its last
    // place count one after the other.
    return inTransaction(this.dataSource, async (m) => {
      await m.query(`SELECT id FROM workspaces WHERE id = ?${this.d.forUpdate}`, [s.workspaceId]);
      const [row] = await m.query<Row[]>('SELECT COUNT(*) AS n FROM webhook_subscriptions WHERE workspace_id = ?', [s.workspaceId]);
      if (Number(row?.n ?? 0) >= limit) return false;
      const values = this.toRow(s);
      await m.query(`INSERT INTO webhook_subscriptions (${COLUMNS}) VALUES (${values.map(() => '?').join(', ')})`, values);
      return true;
    });
  }

  async save(s: WebhookSubscription): Promise<boolean> {
    // The health columns are the delivering workers' (recordAttempt): a save keeps theirs, but
    // switching a disabled subscription back on starts its failures afresh. That assignment
    // comes first: MySQL's later assignments see the earlier ones' new values.
    const [id, , url, eventTypes, enabled, description, secrets, , , , , disabledReason, , updatedAt, version] = this.toRow(s);
    const sql =
      'UPDATE webhook_subscriptions SET consecutive_failures = CASE WHEN enabled = 0 AND ? = 1 THEN 0 ELSE consecutive_failures END, ' +
      'url = ?, event_types = ?, enabled = ?, description = ?, sealed_secrets = ?, disabled_reason = ?, updated_at_ms = ?, version = version + 1 ' +
      'WHERE id = ? AND version = ?';
    const params = [enabled, url, eventTypes, enabled, description, secrets, disabledReason, updatedAt, id, version];
    return inTransaction(this.dataSource, async (m) => (await changedRows(m, sql, params)) === 1);
  }

  find(workspaceId: string, id: string): Promise<WebhookSubscription | null> {
    return this.one('id = ? AND workspace_id = ?', [id, workspaceId]);
  }

  findById(id: string): Promise<WebhookSubscription | null> {
    return this.one('id = ?', [id]);
  }

  async listByWorkspace(workspaceId: string): Promise<WebhookSubscription[]> {
    const rows = await managerOf(this.dataSource).query<Row[]>(
      `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE workspace_id = ? ORDER BY created_at_ms, id`,
      [workspaceId],
    );
    return rows.map((row) => this.toSubscription(row));
  }

  async recordAttempt(id: string, result: { ok: true; at: Date } | { ok: false; at: Date; error: string }): Promise<void> {
    const [sql, params] = result.ok
      ? ['UPDATE webhook_subscriptions SET consecutive_failures = 0, last_success_at_ms = ? WHERE id = ?', [result.at.getTime(), id]]
      : [
          'UPDATE webhook_subscriptions SET consecutive_failures = consecutive_failures + 1, last_failure_at_ms = ?, last_error = ? WHERE id = ?',
          [result.at.getTime(), result.error, id],
        ];
    await inTransaction(this.dataSource, (m) => m.query(sql, params));
  }

  async disableIfNoSuccessSince(id: string, since: Date, reason: string, now: Date): Promise<boolean> {
    const sql =
      'UPDATE webhook_subscriptions SET enabled = 0, disabled_reason = ?, updated_at_ms = ?, version = version + 1 ' +
      'WHERE id = ? AND enabled = 1 AND (last_success_at_ms IS NULL OR last_success_at_ms < ?)';
    return inTransaction(this.dataSource, async (m) => (await changedRows(m, sql, [reason, now.getTime(), id, since.getTime()])) === 1);
  }

  remove(workspaceId: string, id: string): Promise<boolean> {
    // Its deliveries and their attempts go with it (ON DELETE CASCADE).
    return inTransaction(
      this.dataSource,
      async (m) => (await changedRows(m, 'DELETE FROM webhook_subscriptions WHERE id = ? AND workspace_id = ?', [id, workspaceId])) === 1,
    );
  }

  private async one(where: string, params: unknown[]): Promise<WebhookSubscription | null> {
    const [row] = await managerOf(this.dataSource).query<Row[]>(`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE ${where}`, params);
    return row === undefined ? null : this.toSubscription(row);
  }

  private toRow(s: WebhookSubscription): unknown[] {
    const p = s.toSnapshot();
    const secrets = p.secrets.map((x) => ({ secret: x.secret, createdAt: x.createdAt.getTime(), expiresAt: x.expiresAt?.getTime() ?? null }));
    const h = p.health;
    return [
      p.id,
      p.workspaceId,
      p.url,
      JSON.stringify(p.eventTypes),
      p.enabled ? 1 : 0,
      p.description,
      this.box.seal(JSON.stringify(secrets)),
      h.consecutiveFailures,
      h.lastSuccessAt?.getTime() ?? null,
      h.lastFailureAt?.getTime() ?? null,
      h.lastError,
      h.disabledReason,
      p.createdAt.getTime(),
      p.updatedAt.getTime(),
      p.version,
    ];
  }

  private toSubscription(row: Row): WebhookSubscription {
    const secrets = JSON.parse(this.box.open(row.sealed_secrets as string)) as Array<{ secret: string; createdAt: number; expiresAt: number | null }>;
    return WebhookSubscription.rehydrate({
      id: row.id as string,
      workspaceId: row.workspace_id as string,
      url: row.url as string,
      eventTypes: JSON.parse(row.event_types as string) as WebhookEventType[],
      enabled: Number(row.enabled) === 1,
      description: (row.description as string | null) ?? null,
      secrets: secrets.map(
        (x): SigningSecret => ({ secret: x.secret, createdAt: new Date(x.createdAt), expiresAt: x.expiresAt === null ? null : new Date(x.expiresAt) }),
      ),
      health: {
        consecutiveFailures: Number(row.consecutive_failures),
        lastSuccessAt: msOrNull(row.last_success_at_ms),
        lastFailureAt: msOrNull(row.last_failure_at_ms),
        lastError: (row.last_error as string | null) ?? null,
        disabledReason: (row.disabled_reason as string | null) ?? null,
      },
      createdAt: new Date(Number(row.created_at_ms)),
      updatedAt: new Date(Number(row.updated_at_ms)),
      version: Number(row.version),
    });
  }
}
