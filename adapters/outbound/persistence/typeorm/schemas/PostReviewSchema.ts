import { EntitySchema } from 'typeorm';
import { ID_LENGTH, text, timestamp, varchar } from './columns';
import { PostSchema } from './PostSchema';

export interface PostReviewRow {
  id: string;
  postId: string;
  decision: string;
  comment: string | null;
  reviewerUserId: string;
  createdAt: Date;
}

export const PostReviewSchema = new EntitySchema<PostReviewRow>({
  name: 'PostReview',
  tableName: 'post_reviews',
  columns: {
    id: varchar('id', ID_LENGTH, { primary: true }),
    postId: varchar('post_id', ID_LENGTH),
    decision: varchar('decision', 20),
    comment: text('comment', { nullable: true }),
    reviewerUserId: varchar('reviewer_user_id', ID_LENGTH),
    createdAt: timestamp('created_at'),
  },
  indices: [{ name: 'idx_post_reviews_post_created', columns: ['postId', 'createdAt'] }],
  foreignKeys: [{ name: 'fk_post_reviews_post', target: PostSchema, columnNames: ['postId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
});
