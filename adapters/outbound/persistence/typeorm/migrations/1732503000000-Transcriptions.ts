import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/** People's transcriptions and their usage counts per period (docs/decisions.md, "The account surface"). */
export class Transcriptions1732503000000 implements MigrationInterface {
  name = 'Transcriptions1732503000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    const table = (t: ConstructorParameters<typeof Table>[0]) => queryRunner.createTable(new Table(t), false, true, true);
    await table({
      name: 'transcriptions',
      columns: [
        c.exact('id', 26, { isPrimary: true }),
        c.exact('user_id', 26),
        c.text('reel_id', 100),
        c.longText('reel_url'),
        c.longText('text'),
        c.longText('alt_text', { isNullable: true }),
        c.text('language', 50),
        { name: 'duration_seconds', type: 'double' },
        { name: 'created_at_ms', type: 'bigint' },
      ],
      indices: [{ name: 'ix_transcriptions_user_created', columnNames: ['user_id', 'created_at_ms', 'id'] }],
      foreignKeys: [cascadeTo('fk_transcriptions_user', 'user_id', 'users')],
    });
    await table({
      name: 'transcription_usage',
      columns: [c.exact('user_id', 26, { isPrimary: true }), c.exact('period_key', 40, { isPrimary: true }), c.integer('used')],
      foreignKeys: [cascadeTo('fk_transcription_usage_user', 'user_id', 'users')],
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('transcription_usage', false, true, true);
    await queryRunner.dropTable('transcriptions', false, true, true);
  }
}
