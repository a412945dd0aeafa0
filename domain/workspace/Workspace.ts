import { validationError } from '../shared/DomainError';

export interface WorkspaceSnapshot {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
}

export class Workspace {
  private constructor(private readonly props: WorkspaceSnapshot) {}

  static create(input: { id: string; name: string; now: Date }): Workspace {
    const name = input.name.trim();
    if (name.length === 0 || name.length > 200) {
      throw validationError('invalid_name', [{ path: 'name', message: 'must be 1 to 200 characters' }]);
    }
    return new Workspace({ id: input.id, name, createdAt: input.now });
  }

  static rehydrate(snapshot: WorkspaceSnapshot): Workspace {
    return new Workspace(snapshot);
  }

  get id(): string {
    return this.props.id;
  }
  get name(): string {
    return this.props.name;
  }
  get createdAt(): Date {
    return this.props.createdAt;
  }

  toSnapshot(): WorkspaceSnapshot {
    return { ...this.props };
  }
}
