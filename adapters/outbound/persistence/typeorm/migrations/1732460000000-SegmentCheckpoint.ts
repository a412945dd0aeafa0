import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * What a platform is still processing for a target's next segment (a media container), kept
 * so the next call resumes from it (docs/decisions.md, "The publishing engine").
 */
export class SegmentCheckpoint1732460000000 implements MigrationInterface {
  name = 'SegmentCheckpoint1732460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumn('post_targets', new TableColumn(c.longText('segment_checkpoint', { isNullable: true })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('post_targets', 'segment_checkpoint');
  }
}
