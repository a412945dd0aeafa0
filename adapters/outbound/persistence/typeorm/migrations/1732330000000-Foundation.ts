import { type MigrationInterface, type QueryRunner, Table, type TableColumnOptions } from 'typeorm';

/**
 * Column builders shared by the foundation tables. Strings are utf8mb4 on MySQL even when
 * the database's default charset is not (SQLite ignores the charset). Identifiers, emails
 * and lookup prefixes compare byte-for-byte on MySQL (utf8mb4_bin) as they do on SQLite,
 * so `jose@x.io`/`josé@x.io` or `dsk_Ab`/`dsk_aB` never collide on one database only.
 */
function columnsFor(queryRunner: QueryRunner) {
  const mysql = ['mysql', 'mariadb'].includes(queryRunner.dataSource.options.type);
  const binary = mysql ? { collation: 'utf8mb4_bin' } : {};
  return {
    exact: (name: string, length = 26, extra: Partial<TableColumnOptions> = {}): TableColumnOptions =>
      ({ name, type: 'varchar', length: String(length), charset: 'utf8mb4', ...binary, ...extra }),
    text: (name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions =>
      ({ name, type: 'varchar', length: String(length), charset: 'utf8mb4', ...extra }),
    longText: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions =>
      ({ name, type: 'text', charset: 'utf8mb4', ...extra }),
    // datetime(3): milliseconds survive on MySQL; TypeORM writes SQLite datetimes as UTC "YYYY-MM-DD HH:MM:SS.mmm".
    timestamp: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions =>
      ({ name, type: 'datetime', precision: 3, ...extra }),
  };
}

// NO ACTION spelled out: it is what TypeORM's metadata assumes, so schema diffs stay empty on MySQL.
const cascade = { onDelete: 'CASCADE', onUpdate: 'NO ACTION' } as const;

export class Foundation1732330000000 implements MigrationInterface {
  name = 'Foundation1732330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(new Table({
      name: 'users',
      columns: [
        c.exact('id', 26, { isPrimary: true }),
        c.exact('email', 254),
        c.text('name', 200, { isNullable: true }),
        c.text('password_hash', 255),
        c.timestamp('created_at'),
      ],
      uniques: [{ name: 'uq_users_email', columnNames: ['email'] }],
    }));
    await queryRunner.createTable(new Table({
      name: 'workspaces',
      columns: [c.exact('id', 26, { isPrimary: true }), c.text('name', 200), c.timestamp('created_at')],
    }));
    await queryRunner.createTable(new Table({
      name: 'memberships',
      columns: [
        c.exact('workspace_id', 26, { isPrimary: true }),
        c.exact('user_id', 26, { isPrimary: true }),
        c.text('role', 20),
        c.timestamp('created_at'),
      ],
      indices: [{ name: 'idx_memberships_user', columnNames: ['user_id'] }],
      foreignKeys: [
        { name: 'fk_memberships_workspace', columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], ...cascade },
        { name: 'fk_memberships_user', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], ...cascade },
      ],
    }), false, true, true);
    await queryRunner.createTable(new Table({
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
      foreignKeys: [
        { name: 'fk_api_keys_workspace', columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], ...cascade },
        { name: 'fk_api_keys_user', columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], ...cascade },
      ],
    }), false, true, true);
    await queryRunner.createTable(new Table({
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
      foreignKeys: [
        { name: 'fk_connections_workspace', columnNames: ['workspace_id'], referencedTableName: 'workspaces', referencedColumnNames: ['id'], ...cascade },
      ],
    }), false, true, true);
    await queryRunner.createTable(new Table({
      name: 'signing_keys',
      columns: [
        c.exact('kid', 64, { isPrimary: true }),
        c.text('algorithm', 20),
        c.longText('public_jwk'),
        c.longText('encrypted_private_jwk'),
        c.timestamp('created_at'),
      ],
    }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Children before parents, so no foreign key is left pointing at a dropped table.
    for (const table of ['signing_keys', 'connections', 'api_keys', 'memberships', 'workspaces', 'users']) {
      await queryRunner.dropTable(table, false, true, true);
    }
  }
}
