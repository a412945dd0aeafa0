import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/** People's billing accounts and workspaces' plans (docs/decisions.md, "The account surface"). */
export class Billing1732490000000 implements MigrationInterface {
  name = 'Billing1732490000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    const table = (t: ConstructorParameters<typeof Table>[0]) => queryRunner.createTable(new Table(t), false, true, true);
    await table({
      name: 'billing_accounts',
      columns: [
        c.exact('user_id', 26, { isPrimary: true }),
        c.exact('customer_id', 255, { isNullable: true }),
        c.exact('subscription_id', 255, { isNullable: true }),
        c.exact('product_id', 100, { isNullable: true }),
        c.text('status', 30, { isNullable: true }),
        c.timestamp('current_period_end', { isNullable: true }),
        c.timestamp('updated_at'),
      ],
      uniques: [{ name: 'uq_billing_accounts_customer', columnNames: ['customer_id'] }],
      foreignKeys: [cascadeTo('fk_billing_accounts_user', 'user_id', 'users')],
    });
    await table({
      name: 'workspace_subscriptions',
      columns: [
        c.exact('workspace_id', 26, { isPrimary: true }),
        c.exact('customer_id', 255, { isNullable: true }),
        c.exact('subscription_id', 255, { isNullable: true }),
        c.text('plan', 100),
        c.text('status', 30),
        c.timestamp('updated_at'),
      ],
      uniques: [{ name: 'uq_workspace_subscriptions_subscription', columnNames: ['subscription_id'] }],
      foreignKeys: [cascadeTo('fk_workspace_subscriptions_workspace', 'workspace_id', 'workspaces')],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('workspace_subscriptions', false, true, true);
    await queryRunner.dropTable('billing_accounts', false, true, true);
  }
}
