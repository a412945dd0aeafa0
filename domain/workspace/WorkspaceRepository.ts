import { type Workspace } from './Workspace';

export interface WorkspaceRepository {
  save(workspace: Workspace): Promise<void>;
  findById(id: string): Promise<Workspace | null>;
  findByIds(ids: readonly string[]): Promise<Workspace[]>;
}
