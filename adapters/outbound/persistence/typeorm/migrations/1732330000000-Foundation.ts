import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

export class Foundation1732330000000 implements MigrationInterface {
  name = 'Foundation1732330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('email', 254),
          c.text('name', 200, { isNullable: true }),
          c.text('password_hash', 255),
          c.timestamp('created_at'),
        ],
        uniques: [{ name: 'uq_users_email', columnNames: ['email'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'workspaces',
        columns: [c.exact('id', 26, { isPrimary: true }), c.text('name', 200), c.timestamp('created_at')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'memberships',
        columns: [c.exact('workspace_id', 26, { isPrimary: true }), c.exact('user_id', 26, { isPrimary: true }), c.text('role', 20), c.timestamp('created_at')],
        indices: [{ name: 'idx_memberships_user', columnNames: ['user_id'] }],
        foreignKeys: [cascadeTo('fk_memberships_workspace', 'workspace_id', 'workspaces'), cascadeTo('fk_memberships_user', 'user_id', 'users')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('workspace_id'),
          c.exact('user_id'),
          c.text('name', 200),
          c.text('role', 20),
          c.longText('scopes'),
          c.exact('lookup_prefix', 64),
          c.text('secret_hash', 255),
          c.timestamp('created_at'),
          c.timestamp('revoked_at', { isNullable: true }),
        ],
        uniques: [{ name: 'uq_api_keys_lookup_prefix', columnNames: ['lookup_prefix'] }],
        indices: [
          { name: 'idx_api_keys_workspace', columnNames: ['workspace_id'] },
          { name: 'idx_api_keys_user', columnNames: ['user_id'] },
        ],
        foreignKeys: [cascadeTo('fk_api_keys_workspace', 'workspace_id', 'workspaces'), cascadeTo('fk_api_keys_user', 'user_id', 'users')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'connections',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('workspace_id'),
          c.text('platform', 20),
          c.text('handle', 200),
          c.text('display_name', 200, { isNullable: true }),
          c.text('status', 20),
          c.timestamp('created_at'),
        ],
        // Serves "oldest first, ties by id" listing per workspace, and the foreign key.
        indices: [{ name: 'idx_connections_workspace_created', columnNames: ['workspace_id', 'created_at', 'id'] }],
        foreignKeys: [cascadeTo('fk_connections_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'signing_keys',
        columns: [
          c.exact('kid', 64, { isPrimary: true }),
          c.text('algorithm', 20),
          c.longText('public_jwk'),
          c.longText('encrypted_private_jwk'),
          c.timestamp('created_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Children before parents, so no foreign key is left pointing at a dropped table.
    for (const table of ['signing_keys', 'connections', 'api_keys', 'memberships', 'workspaces', 'users']) {
      await queryRunner.dropTable(table, false, true, true);
    }
  }
}
