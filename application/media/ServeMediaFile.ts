import { type MediaRepository } from '../../domain/media/MediaRepository';
import { notFound } from '../../domain/shared/DomainError';
import { type ByteRange, type MediaStore, type StoredObject } from '../ports/MediaStore';
import { framesPrefixOf } from './MediaFrames';
import { type MediaLinks } from './MediaLinks';

export interface SignedFileRequest {
  readonly mediaId: string;
  /** The frame's file name (`1500.jpg`) for a video's frame; null for the item's own file. */
  readonly frame: string | null;
  readonly path: string;
  readonly expires: number;
  readonly signature: string;
  readonly range?: ByteRange;
}

/** A range that starts at or past the end of the file: nothing of it can be served (HTTP 416). */
export class RangeNotSatisfiable extends Error {
  constructor(readonly sizeBytes: number) {
    super(`the range starts past the end of the file (${sizeBytes} bytes)`);
  }
}

/**
 * The bytes behind a signed link (MediaLinks): refused unless the link is genuine and
 * unexpired, and as unknown as a missing file when it is not (docs/decisions.md, "Media").
 */
export class ServeMediaFile {
  constructor(
    private readonly media: MediaRepository,
    private readonly store: MediaStore,
    private readonly links: MediaLinks,
  ) {}

  async execute(request: SignedFileRequest): Promise<StoredObject & { contentType: string }> {
    if (!this.links.verify(request.path, request.expires, request.signature)) throw notFound('File');
    const item = await this.media.findById(request.mediaId);
    if (item === null || item.storageKey === null || item.facts === null) throw notFound('File');
    const key = request.frame === null ? item.storageKey : `${framesPrefixOf(item)}${request.frame}`;
    if (request.range !== undefined) {
      const size = await this.store.size(key);
      if (size === null) throw notFound('File');
      if (request.range.start >= size) throw new RangeNotSatisfiable(size);
    }
    const stored = await this.store.get(key, request.range);
    if (stored === null) throw notFound('File');
    return { ...stored, contentType: request.frame === null ? item.facts.mimeType : 'image/jpeg' };
  }
}
