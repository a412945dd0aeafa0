import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * Outgoing webhooks (docs/webhooks.md): subscriptions (secrets sealed), the outbox's events,
 * one delivery per event and subscription, and each delivery's attempts. Times are epoch
 * milliseconds.
 */
export class WebhookSubscriptions1732504000000 implements MigrationInterface {
  name = 'WebhookSubscriptions1732504000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    const ms = (name: string, isNullable = false) => ({ name, type: 'bigint', isNullable });
    const table = (t: ConstructorParameters<typeof Table>[0]) => queryRunner.createTable(new Table(t), false, true, true);
    await table({
      name: 'webhook_subscriptions',
      columns: [
        c.exact('id', 26, { isPrimary: true }),
        c.exact('workspace_id', 26),
        c.longText('url'),
        c.longText('event_types'),
        c.integer('enabled'),
        c.longText('description', { isNullable: true }),
        c.longText('sealed_secrets'),
        c.integer('consecutive_failures'),
        ms('last_success_at_ms', true),
        ms('last_failure_at_ms', true),
        c.longText('last_error', { isNullable: true }),
        c.longText('disabled_reason', { isNullable: true }),
        ms('created_at_ms'),
        ms('updated_at_ms'),
        c.integer('version'),
      ],
      indices: [{ name: 'ix_webhook_subscriptions_workspace', columnNames: ['workspace_id', 'enabled'] }],
      foreignKeys: [cascadeTo('fk_webhook_subscriptions_workspace', 'workspace_id', 'workspaces')],
    });
    await table({
      name: 'webhook_events',
      columns: [c.exact('id', 26, { isPrimary: true }), c.exact('workspace_id', 26), c.text('type', 60), c.longText('body'), ms('created_at_ms')],
      indices: [{ name: 'ix_webhook_events_created', columnNames: ['created_at_ms'] }],
      foreignKeys: [cascadeTo('fk_webhook_events_workspace', 'workspace_id', 'workspaces')],
    });
    await table({
      name: 'webhook_deliveries',
      columns: [
        c.exact('id', 26, { isPrimary: true }),
        c.exact('subscription_id', 26),
        c.exact('workspace_id', 26),
        c.exact('event_id', 26),
        c.text('event_type', 60),
        c.text('status', 16),
        c.integer('attempts'),
        c.integer('attempt_limit'),
        ms('next_attempt_at_ms', true),
        c.text('lease_owner', 100, { isNullable: true }),
        ms('lease_until_ms', true),
        ms('created_at_ms'),
        ms('updated_at_ms'),
      ],
      indices: [
        { name: 'ix_webhook_deliveries_due', columnNames: ['status', 'next_attempt_at_ms'] },
        { name: 'ix_webhook_deliveries_subscription', columnNames: ['subscription_id', 'id'] },
        { name: 'ix_webhook_deliveries_event', columnNames: ['event_id'] },
        { name: 'ix_webhook_deliveries_ended', columnNames: ['status', 'updated_at_ms'] },
      ],
      foreignKeys: [
        cascadeTo('fk_webhook_deliveries_subscription', 'subscription_id', 'webhook_subscriptions'),
        cascadeTo('fk_webhook_deliveries_event', 'event_id', 'webhook_events'),
      ],
    });
    await table({
      name: 'webhook_delivery_attempts',
      columns: [
        c.exact('delivery_id', 26, { isPrimary: true }),
        { name: 'attempt', type: 'integer', isPrimary: true },
        ms('at_ms'),
        { name: 'status_code', type: 'integer', isNullable: true },
        c.integer('response_ms'),
        c.longText('error', { isNullable: true }),
      ],
      foreignKeys: [cascadeTo('fk_webhook_delivery_attempts_delivery', 'delivery_id', 'webhook_deliveries')],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_subscriptions']) {
      await queryRunner.dropTable(name, false, true, true);
    }
  }
}
