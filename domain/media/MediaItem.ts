import { type MediaFacts } from './MediaFacts';

export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** How the bytes arrived: one request, a resumable upload in parts, or fetched from a URL. */
export type MediaOrigin = 'upload' | 'resumable' | 'import';

export interface MediaItemSnapshot {
  readonly id: string;
  readonly workspaceId: string;
  readonly createdByUserId: string | null;
  readonly origin: MediaOrigin;
  readonly status: MediaStatus;
  /** Why a failed item failed, in words the user can act on; null otherwise. */
  readonly failureReason: string | null;
  /** The name the client gave (shown, never trusted); null when it gave none. */
  readonly fileName: string | null;
  /** Where an imported item came from; null otherwise. */
  readonly sourceUrl: string | null;
  /** Known once ready. */
  readonly facts: MediaFacts | null;
  /** The bytes in the MediaStore, once ready. */
  readonly storageKey: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** An image or a video of a workspace's media library (docs/decisions.md, "Media"). */
export class MediaItem {
  private constructor(private props: MediaItemSnapshot) {}

  static receive(input: {
    id: string;
    workspaceId: string;
    createdByUserId: string | null;
    origin: MediaOrigin;
    fileName: string | null;
    sourceUrl: string | null;
    now: Date;
  }): MediaItem {
    return new MediaItem({
      ...input,
      fileName: cleanFileName(input.fileName),
      status: 'processing',
      failureReason: null,
      facts: null,
      storageKey: null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  static rehydrate(snapshot: MediaItemSnapshot): MediaItem {
    return new MediaItem(snapshot);
  }

  /** The key its bytes are stored under: made by the service, never from a user's name. */
  static storageKeyFor(workspaceId: string, id: string): string {
    return `media/${workspaceId}/${id}`;
  }

  ready(facts: MediaFacts, storageKey: string, now: Date): void {
    this.props = { ...this.props, status: 'ready', facts, storageKey, failureReason: null, updatedAt: now };
  }

  fail(reason: string, now: Date): void {
    this.props = { ...this.props, status: 'failed', failureReason: reason, facts: null, storageKey: null, updatedAt: now };
  }

  get id(): string {
    return this.props.id;
  }
  get workspaceId(): string {
    return this.props.workspaceId;
  }
  get status(): MediaStatus {
    return this.props.status;
  }
  get facts(): MediaFacts | null {
    return this.props.facts;
  }
  get storageKey(): string | null {
    return this.props.storageKey;
  }

  toSnapshot(): MediaItemSnapshot {
    return { ...this.props };
  }
}

/** A display name: path parts and control characters dropped, at most 200 characters. */
function cleanFileName(name: string | null): string | null {
  if (name === null) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  const kept = Array.from(base)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  // 200 characters, not UTF-16 units: a cut through an emoji would leave half of it (a lone surrogate).
  const clean = Array.from(kept).slice(0, 200).join('');
  return clean === '' ? null : clean;
}
