import { PLATFORMS, type Platform, isPlatform } from '../platform/Platform';
import { validationError } from '../shared/DomainError';

export const CONNECTION_STATUSES = ['active', 'needs_reconnect', 'disconnected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export interface ConnectionSnapshot {
  readonly id: string;
  readonly workspaceId: string;
  readonly platform: Platform;
  readonly handle: string;
  readonly displayName: string | null;
  readonly status: ConnectionStatus;
  /** A sandbox account publishes into this service's own database, never to the platform (docs/decisions.md, "The sandbox platform"). */
  readonly sandbox: boolean;
  readonly createdAt: Date;
}

/** A social account connected to a workspace: the thing a post target publishes to. */
export class Connection {
  private constructor(private props: ConnectionSnapshot) {}

  /** `platform` comes as typed (the CLI passes any string): an unknown one is refused here. */
  static create(input: {
    id: string;
    workspaceId: string;
    platform: string;
    handle: string;
    displayName?: string | null;
    sandbox?: boolean;
    now: Date;
  }): Connection {
    const platform = input.platform;
    if (!isPlatform(platform)) {
      throw validationError('invalid_platform', [{ path: 'platform', message: `must be one of ${PLATFORMS.join(', ')}` }]);
    }
    const handle = input.handle.trim();
    if (handle.length === 0 || handle.length > 200) {
      throw validationError('invalid_handle', [{ path: 'handle', message: 'must be 1 to 200 characters' }]);
    }
    return new Connection({
      id: input.id,
      workspaceId: input.workspaceId,
      platform,
      handle,
      displayName: input.displayName?.trim() || null,
      status: 'active',
      sandbox: input.sandbox ?? false,
      createdAt: input.now,
    });
  }

  static rehydrate(snapshot: ConnectionSnapshot): Connection {
    return new Connection(snapshot);
  }

  get id(): string {
    return this.props.id;
  }
  get workspaceId(): string {
    return this.props.workspaceId;
  }
  get platform(): Platform {
    return this.props.platform;
  }
  get handle(): string {
    return this.props.handle;
  }
  get displayName(): string | null {
    return this.props.displayName;
  }
  get status(): ConnectionStatus {
    return this.props.status;
  }
  get isSandbox(): boolean {
    return this.props.sandbox;
  }
  get createdAt(): Date {
    return this.props.createdAt;
  }
  get isActive(): boolean {
    return this.props.status === 'active';
  }

  toSnapshot(): ConnectionSnapshot {
    return { ...this.props };
  }
}
