import { type Workspace } from './Workspace';

export interface WorkspaceRepository {
  save(workspace: Workspace): Promise<void>;
  findById(id: string): Promise<Workspace | null>;
  findByIds(ids: readonly string[]): Promise<Workspace[]>;
  /**
   * The workspace, held until the enclosing unit of work ends so that changes to its
   * members run one at a time (null when there is no such workspace). Call it inside
   * UnitOfWork.run, before reading anything else: every read after it then sees the
   * previous change's result, so checks such as "keeps an owner" cannot both pass.
   */
  lockForMembershipChange(id: string): Promise<Workspace | null>;
}
