/**
 * A resumable upload: the client declares the size, sends parts of `partSizeBytes` (the last
 * one shorter) in any order, each retryable, then completes it; left incomplete, it expires
 * and its parts are removed (docs/decisions.md, "Media").
 */
export interface MediaUploadSnapshot {
  readonly id: string;
  readonly workspaceId: string;
  readonly createdByUserId: string | null;
  readonly fileName: string | null;
  readonly sizeBytes: number;
  readonly partSizeBytes: number;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export const partCountOf = (upload: Pick<MediaUploadSnapshot, 'sizeBytes' | 'partSizeBytes'>): number =>
  Math.max(1, Math.ceil(upload.sizeBytes / upload.partSizeBytes));

/** The exact size part `partNumber` (1-based) must have. */
export function expectedPartBytes(upload: Pick<MediaUploadSnapshot, 'sizeBytes' | 'partSizeBytes'>, partNumber: number): number {
  const count = partCountOf(upload);
  return partNumber < count ? upload.partSizeBytes : upload.sizeBytes - upload.partSizeBytes * (count - 1);
}

export const partKeyOf = (uploadId: string, partNumber: number): string => `uploads/${uploadId}/part-${String(partNumber).padStart(5, '0')}`;
export const partsPrefixOf = (uploadId: string): string => `uploads/${uploadId}/`;
