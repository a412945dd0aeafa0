import { conflict } from '../shared/DomainError';
import { type Membership } from './Membership';
import { type Role } from './Role';

/** A workspace always keeps at least one owner: the last one cannot leave or be demoted. */
export function assertKeepsAnOwner(members: readonly Membership[], userId: string, nextRole: Role | null): void {
  const owners = members.filter((m) => m.role === 'owner');
  const isLastOwner = owners.length === 1 && owners[0]!.userId === userId;
  if (isLastOwner && nextRole !== 'owner') {
    throw conflict('last_owner', 'a workspace must keep at least one owner');
  }
}
