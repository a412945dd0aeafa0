import { type MediaItem } from './MediaItem';
import { type MediaUploadSnapshot } from './MediaUpload';

export interface MediaRepository {
  /** Inserts or updates. */
  save(item: MediaItem): Promise<void>;
  findById(id: string): Promise<MediaItem | null>;
  findByIds(ids: readonly string[]): Promise<MediaItem[]>;
  /** Newest first, ties broken by id (descending). */
  listByWorkspace(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: MediaItem[]; total: number }>;
  delete(id: string): Promise<void>;
  /** Whether a post of the workspace that is scheduled or publishing carries the item. */
  inUseByPendingPost(workspaceId: string, mediaId: string): Promise<boolean>;
  /** Items still `processing` that were last changed before `before`, oldest first. */
  staleProcessing(before: Date, limit: number): Promise<MediaItem[]>;
}

export interface MediaUploadRepository {
  create(upload: MediaUploadSnapshot): Promise<void>;
  findById(id: string): Promise<MediaUploadSnapshot | null>;
  /** Records (or re-records, for a retried part) that part `partNumber` is stored whole. */
  /** False when the upload is gone (claimed by a complete or a DELETE meanwhile): nothing recorded. */
  recordPart(uploadId: string, partNumber: number, sizeBytes: number): Promise<boolean>;
  /** The part numbers stored so far, ascending. */
  partsOf(uploadId: string): Promise<number[]>;
  /**
   * Removes the upload with its part records if it is still in `workspaceId` and live at `now`
   * (expiring after it): true for the one call that removed it, false for every other. Completing
   * and abandoning both start with it, so of any number at once exactly one goes on
   * (docs/decisions.md, "Media"). One conditional write, never a read then a write.
   */
  claim(uploadId: string, workspaceId: string, now: Date): Promise<boolean>;
  /** As claim, for the housekeeping: removes the upload only if it expired at or before `now`. */
  removeExpired(uploadId: string, now: Date): Promise<boolean>;
  /** Uploads whose `expiresAt` is at or before `now`, oldest first. */
  expired(now: Date, limit: number): Promise<MediaUploadSnapshot[]>;
}
