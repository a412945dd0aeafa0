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
  recordPart(uploadId: string, partNumber: number, sizeBytes: number): Promise<void>;
  /** The part numbers stored so far, ascending. */
  partsOf(uploadId: string): Promise<number[]>;
  delete(uploadId: string): Promise<void>;
  /** Uploads whose `expiresAt` is at or before `now`, oldest first. */
  expired(now: Date, limit: number): Promise<MediaUploadSnapshot[]>;
}
