import { type MediaRepository, type MediaUploadRepository } from '../../domain/media/MediaRepository';
import { partsPrefixOf } from '../../domain/media/MediaUpload';
import { type Clock } from '../ports/Clock';
import { type FileStaging } from '../ports/FileStaging';
import { type MediaStore } from '../ports/MediaStore';

/**
 * Expired resumable uploads removed with their parts; items left `processing` by a process
 * that stopped mid-way ended `failed`, and its scratch files removed (docs/decisions.md, "Media"). Run by the worker.
 */
export class MediaHousekeeping {
  constructor(
    private readonly uploads: MediaUploadRepository,
    private readonly media: MediaRepository,
    private readonly store: MediaStore,
    private readonly staging: FileStaging,
    private readonly clock: Clock,
    private readonly staleProcessingSeconds: number,
  ) {}

  /** How many uploads were removed and items ended. */
  async sweep(batch = 100): Promise<{ uploads: number; stale: number; scratchFiles: number }> {
    const now = this.clock.now();
    let removed = 0;
    for (const upload of await this.uploads.expired(now, batch)) {
      // A complete or DELETE may have claimed it since the listing: its parts are then not ours.
      if (!(await this.uploads.removeExpired(upload.id, now))) continue;
      await this.store.deletePrefix(partsPrefixOf(upload.id));
      removed++;
    }
    const stale = await this.media.staleProcessing(new Date(now.getTime() - this.staleProcessingSeconds * 1000), batch);
    for (const item of stale) {
      item.fail('processing was interrupted (the service stopped); upload or import the file again', now);
      await this.media.save(item);
    }
    // Older than anything still processing may be: what a stopped process left behind.
    const scratchFiles = await this.staging.sweep(new Date(now.getTime() - this.staleProcessingSeconds * 1000));
    return { uploads: removed, stale: stale.length, scratchFiles };
  }
}
