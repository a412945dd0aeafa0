import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/** Each connection's grant from its platform, sealed (docs/decisions.md, "Connections"). */
export class ConnectionCredentials1732430000000 implements MigrationInterface {
  name = 'ConnectionCredentials1732430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'connection_credentials',
        columns: [c.exact('connection_id', 26, { isPrimary: true }), c.longText('sealed_grant'), c.timestamp('updated_at')],
        foreignKeys: [cascadeTo('fk_connection_credentials_connection', 'connection_id', 'connections')],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('connection_credentials', false, true, true);
  }
}
