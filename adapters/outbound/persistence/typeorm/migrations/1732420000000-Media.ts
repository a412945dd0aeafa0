import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * The media library (docs/decisions.md, "Media"): items with what inspection found in
 * `facts`, and resumable uploads with the parts received so far (the bytes are in the store).
 */
export class Media1732420000000 implements MigrationInterface {
  name = 'Media1732420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    const bytes = (name: string) => ({ name, type: 'bigint' });
    await queryRunner.createTable(
      new Table({
        name: 'media',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('workspace_id'),
          c.exact('created_by_user_id', 26, { isNullable: true }),
          c.text('origin', 12),
          c.text('status', 12),
          c.longText('failure_reason', { isNullable: true }),
          c.text('file_name', 200, { isNullable: true }),
          c.longText('source_url', { isNullable: true }),
          { ...c.json('facts'), isNullable: true },
          c.text('storage_key', 300, { isNullable: true }),
          c.timestamp('created_at'),
          c.timestamp('updated_at'),
        ],
        indices: [
          { name: 'idx_media_workspace_created', columnNames: ['workspace_id', 'created_at', 'id'] },
          { name: 'idx_media_status_updated', columnNames: ['status', 'updated_at'] },
        ],
        foreignKeys: [cascadeTo('fk_media_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'media_uploads',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('workspace_id'),
          c.exact('created_by_user_id', 26, { isNullable: true }),
          c.text('file_name', 200, { isNullable: true }),
          bytes('size_bytes'),
          bytes('part_size_bytes'),
          c.timestamp('expires_at'),
          c.timestamp('created_at'),
        ],
        indices: [
          { name: 'idx_media_uploads_expires', columnNames: ['expires_at'] },
          { name: 'idx_media_uploads_workspace', columnNames: ['workspace_id'] },
        ],
        foreignKeys: [cascadeTo('fk_media_uploads_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'media_upload_parts',
        columns: [c.exact('upload_id', 26, { isPrimary: true }), { ...c.integer('part_number'), isPrimary: true }, bytes('size_bytes')],
        foreignKeys: [cascadeTo('fk_media_upload_parts_upload', 'upload_id', 'media_uploads')],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('media_upload_parts', false, true, true);
    await queryRunner.dropTable('media_uploads', false, true, true);
    await queryRunner.dropTable('media', false, true, true);
  }
}
