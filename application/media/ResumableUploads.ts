import { Readable } from 'node:stream';
import { MediaItem } from '../../domain/media/MediaItem';
import { type MediaRepository, type MediaUploadRepository } from '../../domain/media/MediaRepository';
import { expectedPartBytes, type MediaUploadSnapshot, partCountOf, partKeyOf, partsPrefixOf } from '../../domain/media/MediaUpload';
import { conflict, notFound, validationError } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type Logger } from '../ports/Logger';
import { type MediaStore } from '../ports/MediaStore';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { formatBytes } from '../../domain/media/MediaUnits';
import { type IngestMedia } from './IngestMedia';
import { type MediaSettings } from './MediaSettings';
import { exactly } from './exactly';

interface InWorkspace {
  readonly workspaceId: string;
  readonly uploadId: string;
}

/**
 * Large files in parts (docs/decisions.md, "Media"): create with the size, send each part
 * (any order; a part sent again replaces itself), complete. Completion answers at once with
 * the item `processing`; its parts are joined, inspected and removed in the background.
 */
export class ResumableUploads {
  constructor(
    private readonly uploads: MediaUploadRepository,
    private readonly store: MediaStore,
    private readonly ingest: IngestMedia,
    private readonly media: MediaRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: MediaSettings,
    private readonly logger: Logger,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(input: { workspaceId: string; userId: string | null; fileName: string | null; sizeBytes: number }): Promise<MediaUploadSnapshot> {
    const max = this.settings.maxResumableBytes;
    if (!Number.isSafeInteger(input.sizeBytes) || input.sizeBytes < 1 || input.sizeBytes > max) {
      throw validationError('invalid_size', [{ path: 'sizeBytes', message: `must be a whole number from 1 to ${max} (${formatBytes(max)})` }]);
    }
    const now = this.clock.now();
    const upload: MediaUploadSnapshot = {
      id: this.ids.next(),
      workspaceId: input.workspaceId,
      createdByUserId: input.userId,
      fileName: input.fileName,
      sizeBytes: input.sizeBytes,
      partSizeBytes: this.settings.partSizeBytes,
      expiresAt: new Date(now.getTime() + this.settings.uploadTtlSeconds * 1000),
      createdAt: now,
    };
    await this.uploads.create(upload);
    return upload;
  }

  /** The upload and the part numbers it holds so far. */
  async status(input: InWorkspace): Promise<{ upload: MediaUploadSnapshot; parts: number[] }> {
    const upload = await this.live(input);
    return { upload, parts: await this.uploads.partsOf(upload.id) };
  }

  async putPart(input: InWorkspace & { partNumber: number; body: Readable }): Promise<{ partNumber: number; sizeBytes: number }> {
    const upload = await this.live(input);
    const count = partCountOf(upload);
    if (!Number.isSafeInteger(input.partNumber) || input.partNumber < 1 || input.partNumber > count) {
      throw validationError('invalid_part', [{ path: 'partNumber', message: `must be from 1 to ${count}` }]);
    }
    const expected = expectedPartBytes(upload, input.partNumber);
    const key = partKeyOf(upload.id, input.partNumber);
    // A refused or broken put leaves what the key held (the store writes atomically): a failed
    // retry of a part already received must not lose it, since the part stays recorded.
    const { sizeBytes } = await this.store.put(key, exactly(input.body, expected), 'application/octet-stream');
    // A complete or DELETE that claimed the upload meanwhile leaves nothing to record the part in.
    if (!(await this.uploads.recordPart(upload.id, input.partNumber, sizeBytes))) {
      await this.store.delete(key);
      throw notFound('Upload');
    }
    return { partNumber: input.partNumber, sizeBytes };
  }

  async complete(input: InWorkspace & { userId: string | null }): Promise<{ item: MediaItem; settled: Promise<MediaItem> }> {
    const upload = await this.live(input);
    const present = new Set(await this.uploads.partsOf(upload.id));
    const missing = Array.from({ length: partCountOf(upload) }, (_, i) => i + 1).filter((n) => !present.has(n));
    if (missing.length > 0) {
      // Its part records go with it: a complete that lost to another (or to a DELETE) between
      // the two reads finds none, and must answer what losing answers, not upload_incomplete.
      await this.live(input);
      throw conflict('upload_incomplete', `parts ${missing.join(', ')} have not been received`);
    }
    const item = MediaItem.receive({
      id: this.ids.next(),
      workspaceId: upload.workspaceId,
      createdByUserId: input.userId,
      origin: 'resumable',
      fileName: upload.fileName,
      sourceUrl: null,
      now: this.clock.now(),
    });
    // The claim decides between concurrent completes and a DELETE (docs/decisions.md, "Media"):
    // a loser is a 404, as a second complete is. The item is saved in the same unit of work, so
    // a failed save leaves the upload to be completed again rather than gone with no item.
    const claimed = await this.unitOfWork.run(async () => {
      if (!(await this.uploads.claim(upload.id, upload.workspaceId, this.clock.now()))) return false;
      await this.media.save(item);
      return true;
    });
    if (!claimed) throw notFound('Upload');
    const settled = this.join(MediaItem.rehydrate(item.toSnapshot()), upload);
    return { item, settled };
  }

  /** Removes an upload and its parts: the client gave up on it. */
  async abort(input: InWorkspace): Promise<void> {
    // Only the caller that removed the upload touches its parts: a complete that won is joining them.
    if (!(await this.uploads.claim(input.uploadId, input.workspaceId, this.clock.now()))) throw notFound('Upload');
    await this.store.deletePrefix(partsPrefixOf(input.uploadId));
  }

  private async join(item: MediaItem, upload: MediaUploadSnapshot): Promise<MediaItem> {
    try {
      // The parts go as soon as their bytes are in the scratch file: a ready item has none left.
      const removeParts = () => this.store.deletePrefix(partsPrefixOf(upload.id));
      return await this.ingest.ingest(item, this.partsInOrder(upload), upload.sizeBytes, removeParts);
    } catch (error) {
      this.logger.error('resumable upload could not be completed', { mediaId: item.id, error: String(error) });
      item.fail('the parts could not be joined; upload the file again', this.clock.now());
      await this.media.save(item).catch(() => undefined);
      return item;
    } finally {
      await this.store.deletePrefix(partsPrefixOf(upload.id)).catch(() => undefined);
    }
  }

  /**
   * The parts one after another as one stream, each opened only when the one before has ended;
   * a consumer that stops early closes the part it was reading. A failure before the consumer
   * attaches waits on the stream (docs/decisions.md, "Streams meeting a client's bytes").
   */
  private partsInOrder(upload: MediaUploadSnapshot): Readable {
    const store = this.store;
    async function* parts(): AsyncGenerator<Buffer> {
      for (let n = 1; n <= partCountOf(upload); n++) {
        const part = await store.get(partKeyOf(upload.id, n));
        if (part === null) throw new Error(`part ${n} is missing from the store`);
        yield* part.body;
      }
    }
    const joined = Readable.from(parts(), { objectMode: false });
    joined.on('error', () => undefined);
    return joined;
  }

  private async live(input: InWorkspace): Promise<MediaUploadSnapshot> {
    const upload = await this.uploads.findById(input.uploadId);
    if (upload === null || upload.workspaceId !== input.workspaceId || upload.expiresAt <= this.clock.now()) throw notFound('Upload');
    return upload;
  }
}
