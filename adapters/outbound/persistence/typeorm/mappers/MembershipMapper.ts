import { Membership } from '../../../../../domain/workspace/Membership';
import { ROLES } from '../../../../../domain/workspace/Role';
import { type MembershipRow } from '../schemas/MembershipSchema';
import { requireDate, requireOneOf } from './RowMappingError';

export const MembershipMapper = {
  toDomain(row: MembershipRow): Membership {
    const where = { table: 'memberships', key: `${row.workspaceId}/${row.userId}` };
    return Membership.rehydrate({
      workspaceId: row.workspaceId,
      userId: row.userId,
      role: requireOneOf(ROLES, row.role, { ...where, column: 'role' }),
      createdAt: requireDate(row.createdAt, { ...where, column: 'created_at' }),
    });
  },

  toRow(membership: Membership): MembershipRow {
    const s = membership.toSnapshot();
    return { workspaceId: s.workspaceId, userId: s.userId, role: s.role, createdAt: s.createdAt };
  },
};
