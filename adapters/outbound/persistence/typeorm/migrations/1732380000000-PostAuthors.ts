import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * posts.author_user_id: who wrote a post, for the review rules of docs/product.md (a
 * contributor removes only their own posts; nobody approves their own). Posts stored before
 * it get null, an unknown author (docs/decisions.md, "Authors"). No foreign key: a post
 * outlives its author's account, and nothing is read by author.
 */
export class PostAuthors1732380000000 implements MigrationInterface {
  name = 'PostAuthors1732380000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { exact } = columnsFor(queryRunner);
    await queryRunner.addColumn('posts', new TableColumn(exact('author_user_id', 26, { isNullable: true })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('posts', 'author_user_id');
  }
}
