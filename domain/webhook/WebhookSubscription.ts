import { type ErrorDetail, validationError } from '../shared/DomainError';
import { NEW_HEALTH, type WebhookHealth, type WebhookHealthStatus } from './WebhookHealth';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType, isWebhookEventType } from './WebhookEventType';

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;

/** A secret the subscription's deliveries are signed with; a rotated-out one signs until `expiresAt`. */
export interface SigningSecret {
  readonly secret: string;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
}

export interface WebhookSubscriptionSnapshot {
  readonly id: string;
  readonly workspaceId: string;
  readonly url: string;
  readonly eventTypes: readonly WebhookEventType[];
  readonly enabled: boolean;
  readonly description: string | null;
  readonly secrets: readonly SigningSecret[];
  readonly health: WebhookHealth;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Counts the saves: a save meant for version N finds N stored, or another writer came first (0 until first stored). */
  readonly version: number;
}

export interface WebhookSubscriptionChanges {
  readonly url?: string;
  readonly eventTypes?: readonly string[];
  readonly enabled?: boolean;
  readonly description?: string | null;
}

/**
 * A workspace's subscription to its events: where they go, which ones, signed with which
 * secrets, and how the endpoint has been answering (docs/webhooks.md).
 */
export class WebhookSubscription {
  private constructor(private props: WebhookSubscriptionSnapshot) {}

  static create(input: {
    id: string;
    workspaceId: string;
    url: string;
    eventTypes: readonly string[];
    enabled?: boolean;
    description?: string | null;
    secret: string;
    now: Date;
  }): WebhookSubscription {
    const { url, eventTypes, description } = checked({ url: input.url, eventTypes: input.eventTypes, description: input.description ?? null });
    return new WebhookSubscription({
      id: input.id,
      workspaceId: input.workspaceId,
      url: url!,
      eventTypes: eventTypes!,
      enabled: input.enabled ?? true,
      description: description ?? null,
      secrets: [{ secret: input.secret, createdAt: input.now, expiresAt: null }],
      health: NEW_HEALTH,
      createdAt: input.now,
      updatedAt: input.now,
      version: 0,
    });
  }

  static rehydrate(snapshot: WebhookSubscriptionSnapshot): WebhookSubscription {
    return new WebhookSubscription(snapshot);
  }

  get id(): string {
    return this.props.id;
  }
  get workspaceId(): string {
    return this.props.workspaceId;
  }
  get url(): string {
    return this.props.url;
  }
  get enabled(): boolean {
    return this.props.enabled;
  }
  get health(): WebhookHealth {
    return this.props.health;
  }
  get status(): WebhookHealthStatus {
    if (!this.props.enabled) return 'disabled';
    return this.props.health.consecutiveFailures > 0 ? 'failing' : 'healthy';
  }

  toSnapshot(): WebhookSubscriptionSnapshot {
    return this.props;
  }

  wants(type: WebhookEventType): boolean {
    return this.props.enabled && this.props.eventTypes.includes(type);
  }

  /** The secrets that sign a delivery made now: the current one, and a rotated-out one in its overlap. */
  signingSecrets(now: Date): string[] {
    return this.props.secrets.filter((s) => s.expiresAt === null || s.expiresAt > now).map((s) => s.secret);
  }

  /** Switching it back on starts its health afresh: the failures that disabled it are history. */
  change(changes: WebhookSubscriptionChanges, now: Date): void {
    const valid = checked(changes);
    const reenabled = changes.enabled === true && !this.props.enabled;
    this.props = {
      ...this.props,
      ...(valid.url === undefined ? {} : { url: valid.url }),
      ...(valid.eventTypes === undefined ? {} : { eventTypes: valid.eventTypes }),
      ...(valid.description === undefined ? {} : { description: valid.description }),
      ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
      ...(reenabled ? { health: { ...this.props.health, consecutiveFailures: 0, disabledReason: null } } : {}),
      updatedAt: now,
    };
  }

  /**
   * A new current secret; the one it replaces keeps signing beside it for `overlapMs`, and any
   * older one still in its overlap stops now: a delivery never carries more than two signatures.
   */
  rotateSecret(secret: string, now: Date, overlapMs: number): void {
    const until = new Date(now.getTime() + overlapMs);
    const replaced = this.props.secrets.filter((s) => s.expiresAt === null).map((s) => ({ ...s, expiresAt: until }));
    const kept = overlapMs > 0 ? replaced : [];
    this.props = { ...this.props, secrets: [{ secret, createdAt: now, expiresAt: null }, ...kept], updatedAt: now };
  }

  recordSuccess(now: Date): void {
    this.props = { ...this.props, health: { ...this.props.health, consecutiveFailures: 0, lastSuccessAt: now } };
  }

  recordFailure(error: string, now: Date): void {
    const h = this.props.health;
    this.props = { ...this.props, health: { ...h, consecutiveFailures: h.consecutiveFailures + 1, lastFailureAt: now, lastError: error } };
  }

  /** Switched off by the service: its endpoint failed every attempt of a delivery's whole retry schedule. */
  disableAfterFailures(reason: string, now: Date): void {
    this.props = { ...this.props, enabled: false, health: { ...this.props.health, disabledReason: reason }, updatedAt: now };
  }
}

/** Each given field checked; every problem reported at once (422 `invalid_webhook`). */
function checked(input: WebhookSubscriptionChanges): { url?: string; eventTypes?: WebhookEventType[]; description?: string | null } {
  const problems: ErrorDetail[] = [];
  const out: { url?: string; eventTypes?: WebhookEventType[]; description?: string | null } = {};
  if (input.url !== undefined) {
    const problem = urlProblem(input.url);
    if (problem === null) out.url = input.url;
    else problems.push({ path: 'url', message: problem });
  }
  if (input.eventTypes !== undefined) {
    const unknown = input.eventTypes.filter((t) => !isWebhookEventType(t));
    if (input.eventTypes.length === 0) problems.push({ path: 'eventTypes', message: 'must name at least one event type' });
    for (const t of unknown)
      problems.push({ path: 'eventTypes', message: `unknown event type ${JSON.stringify(t)}: one of ${WEBHOOK_EVENT_TYPES.join(', ')}` });
    if (unknown.length === 0) out.eventTypes = [...new Set(input.eventTypes as WebhookEventType[])];
  }
  if (input.description !== undefined) {
    if (input.description !== null && input.description.length > WEBHOOK_DESCRIPTION_MAX) {
      problems.push({ path: 'description', message: `must be at most ${WEBHOOK_DESCRIPTION_MAX} characters` });
    } else out.description = input.description;
  }
  if (problems.length > 0) throw validationError('invalid_webhook', problems);
  return out;
}

function urlProblem(raw: string): string | null {
  if (raw.length > WEBHOOK_URL_MAX) return `must be at most ${WEBHOOK_URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  if (raw.includes('#')) return 'must not have a fragment';
  // Port 0 is no port a server listens on: the first delivery would fail, and every one after it.
  if (url.port === '0') return 'must not name port 0';
  return null;
}
