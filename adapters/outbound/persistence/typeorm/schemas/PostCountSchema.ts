import { EntitySchema } from 'typeorm';
import { ID_LENGTH, varchar } from './columns';
import { WorkspaceSchema } from './WorkspaceSchema';

/**
 * How many posts a workspace holds in each status: the `total` of posts.list without a
 * COUNT(*) over the workspace. Kept by TypeOrmPostRepository in the transaction of every
 * save and remove; a row, once made, stays (at 0 when its posts are gone).
 */
export interface PostCountRow {
  workspaceId: string;
  status: string;
  count: number;
}

export const PostCountSchema = new EntitySchema<PostCountRow>({
  name: 'PostCount',
  tableName: 'post_counts',
  columns: {
    workspaceId: varchar('workspace_id', ID_LENGTH, { primary: true }),
    status: varchar('status', 20, { primary: true }),
    count: { name: 'count', type: 'integer' },
  },
  foreignKeys: [
    { name: 'fk_post_counts_workspace', target: WorkspaceSchema, columnNames: ['workspaceId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
  ],
});
