import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * post_targets keeps a thread's progress, segment by segment (docs/decisions.md, "The
 * publishing engine"): the segments already out (null before the first) and the calls made
 * for the next one. A retry resumes at the segment that failed. Existing targets have
 * published nothing of a thread yet, or all of it as one post: null and 0.
 */
export class TargetSegmentProgress1732390000000 implements MigrationInterface {
  name = 'TargetSegmentProgress1732390000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumns('post_targets', [
      new TableColumn({ ...c.json('published_segments'), isNullable: true }),
      new TableColumn({ ...c.integer('segment_attempts'), default: 0 }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('post_targets', 'segment_attempts');
    await queryRunner.dropColumn('post_targets', 'published_segments');
  }
}
