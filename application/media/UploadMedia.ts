import { type Readable } from 'node:stream';
import { MediaItem } from '../../domain/media/MediaItem';
import { type MediaRepository } from '../../domain/media/MediaRepository';
import { validationError } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type IngestMedia } from './IngestMedia';
import { type MediaSettings } from './MediaSettings';

/**
 * A direct upload: the file is inspected before the answer. Bytes that are not media the
 * service accepts are a 422 with the reason, and nothing is kept (docs/decisions.md, "Media").
 */
export class UploadMedia {
  constructor(
    private readonly ingest: IngestMedia,
    private readonly media: MediaRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: MediaSettings,
  ) {}

  async execute(input: { workspaceId: string; userId: string | null; fileName: string | null; body: Readable }): Promise<MediaItem> {
    const item = MediaItem.receive({ ...input, createdByUserId: input.userId, id: this.ids.next(), origin: 'upload', sourceUrl: null, now: this.clock.now() });
    await this.media.save(item);
    let result: MediaItem;
    try {
      result = await this.ingest.ingest(item, input.body, this.settings.maxUploadBytes);
    } catch (error) {
      await this.media.delete(item.id);
      throw error;
    }
    if (result.status === 'ready') return result;
    await this.media.delete(item.id);
    const reason = result.toSnapshot().failureReason ?? 'the file could not be read';
    throw validationError('unsupported_media', [{ path: 'file', message: reason }]);
  }
}
