import { type Role } from './Role';

export interface MembershipSnapshot {
  readonly workspaceId: string;
  readonly userId: string;
  readonly role: Role;
  readonly createdAt: Date;
}

/** A user's live place in a workspace; its role is read on every request. */
export class Membership {
  private constructor(private props: MembershipSnapshot) {}

  static create(input: { workspaceId: string; userId: string; role: Role; now: Date }): Membership {
    return new Membership({ workspaceId: input.workspaceId, userId: input.userId, role: input.role, createdAt: input.now });
  }

  static rehydrate(snapshot: MembershipSnapshot): Membership {
    return new Membership(snapshot);
  }

  get workspaceId(): string {
    return this.props.workspaceId;
  }
  get userId(): string {
    return this.props.userId;
  }
  get role(): Role {
    return this.props.role;
  }
  get createdAt(): Date {
    return this.props.createdAt;
  }

  changeRole(role: Role): void {
    this.props = { ...this.props, role };
  }

  toSnapshot(): MembershipSnapshot {
    return { ...this.props };
  }
}
