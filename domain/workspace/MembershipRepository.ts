import { type Membership } from './Membership';

export interface MembershipRepository {
  /** Inserts or updates the membership of (workspaceId, userId). */
  save(membership: Membership): Promise<void>;
  find(workspaceId: string, userId: string): Promise<Membership | null>;
  listByUser(userId: string): Promise<Membership[]>;
  listByWorkspace(workspaceId: string): Promise<Membership[]>;
  remove(workspaceId: string, userId: string): Promise<void>;
}
