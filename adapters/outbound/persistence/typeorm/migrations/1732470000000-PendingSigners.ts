import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/** Signers waiting for their account's approval (docs/decisions.md, "Connections", Farcaster). */
export class PendingSigners1732470000000 implements MigrationInterface {
  name = 'PendingSigners1732470000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'pending_signers',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.longText('sealed_signer'),
          c.exact('workspace_id'),
          c.exact('user_id'),
          c.text('platform', 20),
          c.longText('return_to', { isNullable: true }),
          c.timestamp('expires_at'),
        ],
        indices: [{ name: 'idx_pending_signers_workspace', columnNames: ['workspace_id'] }],
        foreignKeys: [cascadeTo('fk_pending_signers_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('pending_signers', false, true, true);
  }
}
