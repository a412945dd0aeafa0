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
  /** The platform's own id of the account (a DID, a member URN's id); null for sandbox and CLI-made ones. */
  readonly accountId: string | null;
  /** The page, organization, channel or board it publishes as; null: as the account itself. */
  readonly publishAs: ConnectionPublishAs | null;
  /** Why it is not active (e.g. the platform's words when it refused the grant); null when active. */
  readonly statusReason: string | null;
  /** The last failure talking to the platform, kept after it passes, for the listing's health. */
  readonly lastError: { readonly message: string; readonly at: Date } | null;
}

export interface ConnectionPublishAs {
  readonly id: string;
  readonly kind: 'page' | 'organization' | 'channel' | 'board';
  readonly name: string;
}

/** What happened to a connection, recorded as it changes and handed on when it is saved. */
export type ConnectionEvent =
  | { readonly type: 'ConnectionNeedsReconnect'; readonly connection: Connection; readonly reason: string }
  | { readonly type: 'ConnectionDisconnected'; readonly connection: Connection };

/** A social account connected to a workspace: the thing a post target publishes to. */
export class Connection {
  private recorded: readonly ConnectionEvent[] = [];

  private constructor(private props: ConnectionSnapshot) {}

  /** `platform` comes as typed (the CLI passes any string): an unknown one is refused here. */
  static create(input: {
    id: string;
    workspaceId: string;
    platform: string;
    handle: string;
    displayName?: string | null;
    sandbox?: boolean;
    accountId?: string | null;
    publishAs?: ConnectionPublishAs | null;
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
      accountId: input.accountId ?? null,
      publishAs: input.publishAs ?? null,
      statusReason: null,
      lastError: null,
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

  get accountId(): string | null {
    return this.props.accountId;
  }
  get publishAs(): ConnectionPublishAs | null {
    return this.props.publishAs;
  }
  get statusReason(): string | null {
    return this.props.statusReason;
  }
  get lastError(): { readonly message: string; readonly at: Date } | null {
    return this.props.lastError;
  }

  /** The platform said the grant is dead: nothing publishes until its owner connects again. */
  needsReconnect(reason: string, now: Date): void {
    // Announced when it was not known to need it already.
    if (this.props.status !== 'needs_reconnect') this.recorded = [...this.recorded, { type: 'ConnectionNeedsReconnect', connection: this, reason }];
    this.props = { ...this.props, status: 'needs_reconnect', statusReason: reason, lastError: { message: reason, at: now } };
  }

  /** A failure that says nothing about the grant (a timeout, a 5xx): remembered, status unchanged. */
  recordError(message: string, now: Date): void {
    this.props = { ...this.props, lastError: { message, at: now } };
  }

  /** Its owner disconnected it: kept (posts name it) but never published to again. */
  disconnect(now: Date): void {
    if (this.props.status !== 'disconnected') this.recorded = [...this.recorded, { type: 'ConnectionDisconnected', connection: this }];
    this.props = { ...this.props, status: 'disconnected', statusReason: `disconnected by its owner at ${now.toISOString()}` };
  }

  /** Connected again with a fresh grant. */
  reconnected(): void {
    this.props = { ...this.props, status: 'active', statusReason: null };
  }

  /** The events recorded since they were last taken, each taken once. */
  takeEvents(): readonly ConnectionEvent[] {
    const events = this.recorded;
    this.recorded = [];
    return events;
  }

  toSnapshot(): ConnectionSnapshot {
    return { ...this.props };
  }
}
