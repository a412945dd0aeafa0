import { type MediaLinks } from '../../../../application/media/MediaLinks';
import { type MediaItem } from '../../../../domain/media/MediaItem';
import { type MediaUploadSnapshot, partCountOf } from '../../../../domain/media/MediaUpload';

/** A media item as the API answers it: what inspection found, and a signed link to the file once ready. */
export async function presentMedia(item: MediaItem, links: MediaLinks) {
  const s = item.toSnapshot();
  const facts = s.facts;
  return {
    id: s.id,
    workspaceId: s.workspaceId,
    status: s.status,
    failureReason: s.failureReason,
    origin: s.origin,
    fileName: s.fileName,
    sourceUrl: s.sourceUrl,
    kind: facts?.kind ?? null,
    mimeType: facts?.mimeType ?? null,
    sizeBytes: facts?.sizeBytes ?? null,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    durationSeconds: facts?.durationSeconds ?? null,
    videoCodec: facts?.videoCodec ?? null,
    audioCodec: facts?.audioCodec ?? null,
    url: await links.fileOf(item),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function presentUpload(upload: MediaUploadSnapshot, parts: readonly number[]) {
  return {
    id: upload.id,
    workspaceId: upload.workspaceId,
    fileName: upload.fileName,
    sizeBytes: upload.sizeBytes,
    partSizeBytes: upload.partSizeBytes,
    partCount: partCountOf(upload),
    partsReceived: [...parts],
    expiresAt: upload.expiresAt.toISOString(),
    createdAt: upload.createdAt.toISOString(),
  };
}
