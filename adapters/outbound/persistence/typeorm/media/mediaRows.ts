import { type MediaFacts } from '../../../../../domain/media/MediaFacts';
import { MEDIA_STATUSES, MediaItem, type MediaOrigin } from '../../../../../domain/media/MediaItem';
import { type MediaUploadSnapshot } from '../../../../../domain/media/MediaUpload';
import { requireDate, requireOneOf } from '../mappers/RowMappingError';
import { type Dialect, readDate, readJson } from '../sql/Dialect';

export const MEDIA_COLUMNS =
  'id, workspace_id, created_by_user_id, origin, status, failure_reason, file_name, source_url, facts, storage_key, created_at, updated_at';
export const UPLOAD_COLUMNS = 'id, workspace_id, created_by_user_id, file_name, size_bytes, part_size_bytes, expires_at, created_at';

type Row = Record<string, unknown>;
const ORIGINS: readonly MediaOrigin[] = ['upload', 'resumable', 'import'];

export function mediaParams(item: MediaItem, d: Dialect): unknown[] {
  const s = item.toSnapshot();
  return [
    s.id,
    s.workspaceId,
    s.createdByUserId,
    s.origin,
    s.status,
    s.failureReason,
    s.fileName,
    s.sourceUrl,
    s.facts === null ? null : JSON.stringify(s.facts),
    s.storageKey,
    d.date(s.createdAt),
    d.date(s.updatedAt),
  ];
}

export function toMediaItem(row: Row): MediaItem {
  const id = row.id as string;
  const where = (column: string) => ({ table: 'media', key: id, column });
  const facts = row.facts === null || row.facts === undefined ? null : (readJson(row.facts) as MediaFacts);
  return MediaItem.rehydrate({
    id,
    workspaceId: row.workspace_id as string,
    createdByUserId: (row.created_by_user_id as string | null) ?? null,
    origin: requireOneOf(ORIGINS, row.origin as string, where('origin')),
    status: requireOneOf(MEDIA_STATUSES, row.status as string, where('status')),
    failureReason: (row.failure_reason as string | null) ?? null,
    fileName: (row.file_name as string | null) ?? null,
    sourceUrl: (row.source_url as string | null) ?? null,
    facts,
    storageKey: (row.storage_key as string | null) ?? null,
    createdAt: requireDate(readDate(row.created_at), where('created_at')),
    updatedAt: requireDate(readDate(row.updated_at), where('updated_at')),
  });
}

export function uploadParams(u: MediaUploadSnapshot, d: Dialect): unknown[] {
  return [u.id, u.workspaceId, u.createdByUserId, u.fileName, u.sizeBytes, u.partSizeBytes, d.date(u.expiresAt), d.date(u.createdAt)];
}

export function toUpload(row: Row): MediaUploadSnapshot {
  const id = row.id as string;
  const where = (column: string) => ({ table: 'media_uploads', key: id, column });
  return {
    id,
    workspaceId: row.workspace_id as string,
    createdByUserId: (row.created_by_user_id as string | null) ?? null,
    fileName: (row.file_name as string | null) ?? null,
    // mysql2 answers BIGINT as text.
    sizeBytes: Number(row.size_bytes),
    partSizeBytes: Number(row.part_size_bytes),
    expiresAt: requireDate(readDate(row.expires_at), where('expires_at')),
    createdAt: requireDate(readDate(row.created_at), where('created_at')),
  };
}
