import { type MediaItem } from '../../domain/media/MediaItem';
import { type Clock } from '../ports/Clock';
import { type MediaStore } from '../ports/MediaStore';
import { type UrlSigner } from '../ports/UrlSigner';

/**
 * Links to stored files that work without credentials until they expire: the store's own
 * presigned URL (S3), or the service's signed `/media/files/…` URL (local disk). Platforms
 * that fetch media by URL get these (docs/decisions.md, "Media").
 */
export class MediaLinks {
  constructor(
    private readonly store: MediaStore,
    private readonly signer: UrlSigner,
    private readonly clock: Clock,
    private readonly baseUrl: string,
    private readonly ttlSeconds: number,
  ) {}

  /** The link to a ready item's file; null while it has none. */
  async fileOf(item: MediaItem): Promise<string | null> {
    if (item.storageKey === null || item.facts === null) return null;
    return this.link(item.storageKey, item.facts.mimeType, `/media/files/${item.id}`);
  }

  /** The link to a frame `MediaFrames` stored under `key`. */
  frame(item: MediaItem, key: string): Promise<string> {
    const name = key.slice(key.lastIndexOf('/') + 1);
    return this.link(key, 'image/jpeg', `/media/files/${item.id}/frames/${name}`);
  }

  /** Whether a link the service signed is genuine and still valid. */
  verify(path: string, expires: number, signature: string): boolean {
    return expires * 1000 > this.clock.now().getTime() && this.signer.verify(path, expires, signature);
  }

  private async link(key: string, contentType: string, path: string): Promise<string> {
    const presigned = await this.store.presignedUrl(key, this.ttlSeconds, contentType);
    if (presigned !== null) return presigned;
    const expires = Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds;
    const base = this.baseUrl.replace(/\/+$/, '');
    return `${base}${path}?expires=${expires}&signature=${this.signer.sign(path, expires)}`;
  }
}
