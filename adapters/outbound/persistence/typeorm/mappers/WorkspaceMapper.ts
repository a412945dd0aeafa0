import { Workspace } from '../../../../../domain/workspace/Workspace';
import { type WorkspaceRow } from '../schemas/WorkspaceSchema';
import { requireDate } from './RowMappingError';

export const WorkspaceMapper = {
  toDomain(row: WorkspaceRow): Workspace {
    return Workspace.rehydrate({
      id: row.id,
      name: row.name,
      createdAt: requireDate(row.createdAt, { table: 'workspaces', key: row.id, column: 'created_at' }),
    });
  },

  toRow(workspace: Workspace): WorkspaceRow {
    const s = workspace.toSnapshot();
    return { id: s.id, name: s.name, createdAt: s.createdAt };
  },
};
