import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/** Authorizations in flight to a platform: single-use states (docs/decisions.md, "Connections"). */
export class ConnectStates1732450000000 implements MigrationInterface {
  name = 'ConnectStates1732450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'connect_states',
        columns: [
          c.exact('state_hash', 64, { isPrimary: true }),
          c.exact('workspace_id'),
          c.exact('user_id'),
          c.text('platform', 20),
          c.longText('sealed_verifier', { isNullable: true }),
          c.longText('return_to', { isNullable: true }),
          c.timestamp('expires_at'),
        ],
        indices: [{ name: 'idx_connect_states_workspace', columnNames: ['workspace_id'] }],
        foreignKeys: [cascadeTo('fk_connect_states_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('connect_states', false, true, true);
  }
}
