import { MediaItem } from '../../domain/media/MediaItem';
import { type MediaRepository } from '../../domain/media/MediaRepository';
import { validationError } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type Logger } from '../ports/Logger';
import { type UrlDownloader } from '../ports/UrlDownloader';
import { type IngestMedia } from './IngestMedia';
import { type MediaSettings } from './MediaSettings';

/**
 * Import from a URL: answered at once with the item `processing`; the server fetches it
 * through the outbound-address guard and the item ends `ready`, or `failed` with the reason
 * (docs/decisions.md, "Media").
 */
export class ImportMedia {
  constructor(
    private readonly downloader: UrlDownloader,
    private readonly ingest: IngestMedia,
    private readonly media: MediaRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: MediaSettings,
    private readonly logger: Logger,
  ) {}

  /** `settled` resolves once the item is ready or failed (the HTTP answer does not wait for it). */
  async execute(input: { workspaceId: string; userId: string | null; url: string }): Promise<{ item: MediaItem; settled: Promise<MediaItem> }> {
    const url = checkedUrl(input.url);
    const fileName = lastPathSegment(url);
    const item = MediaItem.receive({
      id: this.ids.next(),
      workspaceId: input.workspaceId,
      createdByUserId: input.userId,
      origin: 'import',
      fileName,
      sourceUrl: url.href,
      now: this.clock.now(),
    });
    await this.media.save(item);
    // Left `processing` only if even recording the failure failed: housekeeping ends it later.
    const settled = this.fetchInto(MediaItem.rehydrate(item.toSnapshot()), url.href).catch((error: unknown) => {
      this.logger.error('media import could not record its outcome', { mediaId: item.id, error: String(error) });
      return item;
    });
    return { item, settled };
  }

  private async fetchInto(item: MediaItem, url: string): Promise<MediaItem> {
    const { maxUploadBytes, importTimeoutMs } = this.settings;
    const download = await this.downloader.download(url, { maxBytes: maxUploadBytes, timeoutMs: importTimeoutMs });
    if (!download.ok) {
      item.fail(`the import could not fetch ${url}: ${download.failure.reason}`, this.clock.now());
      await this.media.save(item);
      return item;
    }
    try {
      return await this.ingest.ingest(item, download.body, maxUploadBytes);
    } catch (error) {
      const failure = (error as { failure?: { reason?: unknown } }).failure;
      if (typeof failure?.reason !== 'string') this.logger.error('media import failed', { mediaId: item.id, error: String(error) });
      const reason = typeof failure?.reason === 'string' ? failure.reason : 'the file could not be stored; try again';
      item.fail(`the import could not fetch ${url}: ${reason}`, this.clock.now());
      await this.media.save(item);
      return item;
    }
  }
}

function checkedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError('invalid_url', [{ path: 'url', message: 'must be an absolute http or https URL' }]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw validationError('invalid_url', [{ path: 'url', message: `must be http or https, not ${url.protocol.replace(':', '')}` }]);
  }
  if (url.username !== '' || url.password !== '') {
    throw validationError('invalid_url', [{ path: 'url', message: 'must not carry a user name or password' }]);
  }
  return url;
}

/** The URL's last path segment as a display name, decoded when its escapes are valid (`%E0%A4%A` is kept as written). */
function lastPathSegment(url: URL): string | null {
  const raw = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return raw || null;
  }
}
