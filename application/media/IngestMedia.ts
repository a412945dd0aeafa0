import { type Readable } from 'node:stream';
import { MediaItem } from '../../domain/media/MediaItem';
import { type MediaRepository } from '../../domain/media/MediaRepository';
import { type Clock } from '../ports/Clock';
import { type FileStaging, StagingTooLarge } from '../ports/FileStaging';
import { type MediaInspector } from '../ports/MediaInspector';
import { type MediaStore } from '../ports/MediaStore';
import { formatBytes } from '../../domain/media/MediaUnits';
import { type MediaSettings } from './MediaSettings';

/**
 * Bytes into the library: staged on local disk, inspected for what they really are, images
 * rid of their location, then stored and the item made `ready`; or the item `failed` with a
 * reason and nothing left behind (docs/decisions.md, "Media"). Storage faults are thrown.
 */
export class IngestMedia {
  constructor(
    private readonly staging: FileStaging,
    private readonly inspector: MediaInspector,
    private readonly store: MediaStore,
    private readonly media: MediaRepository,
    private readonly clock: Clock,
    private readonly settings: MediaSettings,
  ) {}

  /** `afterStaged` runs once every byte is in the scratch file (a resumable upload's parts can go then). */
  async ingest(item: MediaItem, body: Readable, maxBytes: number, afterStaged?: () => Promise<void>): Promise<MediaItem> {
    let staged: { file: string; sizeBytes: number };
    try {
      staged = await this.staging.stage(body, maxBytes);
    } catch (error) {
      if (!(error instanceof StagingTooLarge)) throw error;
      return this.failed(item, `the file is larger than the ${formatBytes(error.maxBytes)} allowed`);
    }
    try {
      await afterStaged?.();
      return await this.inspectAndStore(item, staged);
    } finally {
      await this.staging.discard(staged.file);
    }
  }

  private async inspectAndStore(item: MediaItem, staged: { file: string; sizeBytes: number }): Promise<MediaItem> {
    if (staged.sizeBytes === 0) return this.failed(item, 'the file is empty');
    const inspection = await this.inspector.inspect(staged.file);
    if (!inspection.ok) return this.failed(item, inspection.reason);
    const { facts } = inspection;
    if (facts.kind === 'image' && this.settings.stripImageLocation) await this.inspector.stripLocation(staged.file);
    const key = MediaItem.storageKeyFor(item.workspaceId, item.id);
    const { sizeBytes } = await this.store.put(key, this.staging.open(staged.file), facts.mimeType);
    item.ready({ ...facts, sizeBytes }, key, this.clock.now());
    await this.media.save(item);
    return item;
  }

  private async failed(item: MediaItem, reason: string): Promise<MediaItem> {
    item.fail(reason, this.clock.now());
    await this.media.save(item);
    return item;
  }
}
