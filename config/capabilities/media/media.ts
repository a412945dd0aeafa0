import { DeleteMedia } from '../../../application/media/DeleteMedia';
import { ImportMedia } from '../../../application/media/ImportMedia';
import { IngestMedia } from '../../../application/media/IngestMedia';
import { MediaFrames } from '../../../application/media/MediaFrames';
import { MediaHousekeeping } from '../../../application/media/MediaHousekeeping';
import { MediaLinks } from '../../../application/media/MediaLinks';
import { ReadMedia } from '../../../application/media/ReadMedia';
import { ResumableUploads } from '../../../application/media/ResumableUploads';
import { ServeMediaFile } from '../../../application/media/ServeMediaFile';
import { UploadMedia } from '../../../application/media/UploadMedia';
import { type MediaStore } from '../../../application/ports/MediaStore';
import { HmacUrlSigner } from '../../../adapters/outbound/crypto/HmacUrlSigner';
import { GuardedUrlDownloader } from '../../../adapters/outbound/http/GuardedUrlDownloader';
import { OutboundAddressGuard } from '../../../adapters/outbound/http/OutboundAddressGuard';
import { FileMediaInspector } from '../../../adapters/outbound/media/inspection/FileMediaInspector';
import { LocalFileStaging } from '../../../adapters/outbound/media/staging/LocalFileStaging';
import { LocalDiskMediaStore } from '../../../adapters/outbound/media/storage/LocalDiskMediaStore';
import { S3MediaStore } from '../../../adapters/outbound/media/storage/S3MediaStore';
import { type MediaConfig } from '../../mediaConfig';
import { resolveSecretKey } from '../../secretKey';
import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { MEDIA_OPERATIONS } from '../../../adapters/inbound/http/operations/mediaOperations';
import { MEDIA_UPLOAD_OPERATIONS } from '../../../adapters/inbound/http/operations/mediaUploadOperations';
import { type MediaUseCases } from '../../../adapters/inbound/http/operations/MediaUseCases';
import { MemoryMediaRepository, MemoryMediaUploads } from '../../../adapters/outbound/persistence/memory/MemoryMediaLibrary';
import { TypeOrmMediaRepository } from '../../../adapters/outbound/persistence/typeorm/media/TypeOrmMediaRepository';
import { TypeOrmMediaUploads } from '../../../adapters/outbound/persistence/typeorm/media/TypeOrmMediaUploads';
import { type Capability, type CapabilityContext, type Lookup } from '../Capability';
import { type MediaSettings } from '../../../application/media/MediaSettings';
import { type FileStaging } from '../../../application/ports/FileStaging';
import { type MediaInspector } from '../../../application/ports/MediaInspector';
import { type UrlSigner } from '../../../application/ports/UrlSigner';
import { type MediaRepository, type MediaUploadRepository } from '../../../domain/media/MediaRepository';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** The media library's stores, inspection, links and use cases (docs/decisions.md, "Media"). */
export const MEDIA_TOKENS = {
  MediaRepository: token<MediaRepository>('MediaRepository'),
  MediaUploadRepository: token<MediaUploadRepository>('MediaUploadRepository'),
  MediaSettings: token<MediaSettings>('MediaSettings'),
  MediaStore: token<MediaStore>('MediaStore'),
  FileStaging: token<FileStaging>('FileStaging'),
  MediaInspector: token<MediaInspector>('MediaInspector'),
  UrlSigner: token<UrlSigner>('UrlSigner'),
  MediaLinks: token<MediaLinks>('MediaLinks'),
  IngestMedia: token<IngestMedia>('IngestMedia'),
  UploadMedia: token<UploadMedia>('UploadMedia'),
  ImportMedia: token<ImportMedia>('ImportMedia'),
  ResumableUploads: token<ResumableUploads>('ResumableUploads'),
  ReadMedia: token<ReadMedia>('ReadMedia'),
  DeleteMedia: token<DeleteMedia>('DeleteMedia'),
  MediaFrames: token<MediaFrames>('MediaFrames'),
  ServeMediaFile: token<ServeMediaFile>('ServeMediaFile'),
  MediaHousekeeping: token<MediaHousekeeping>('MediaHousekeeping'),
};

const T = { ...CORE_TOKENS, ...MEDIA_TOKENS };

/**
 * The media library (docs/decisions.md, "Media"): the store config.media names, scratch
 * files under the data directory, ffprobe/ffmpeg inspection, imports through the
 * outbound-address guard, links signed with a key derived from SECRET_KEY.
 */
function bindMedia({ wiring: w, config, stores }: CapabilityContext): void {
  const media = config.media;
  w.build(T.MediaRepository, [T.PostRepository], (posts) =>
    stores.pick({ database: (ds) => new TypeOrmMediaRepository(ds), memory: () => new MemoryMediaRepository(posts) }),
  );
  w.value(T.MediaUploadRepository, stores.pick({ database: (ds) => new TypeOrmMediaUploads(ds), memory: () => new MemoryMediaUploads() }));
  w.value(T.MediaSettings, media);
  w.build(T.MediaStore, [], () => storeOf(media));
  w.build(T.FileStaging, [], () => new LocalFileStaging(media.scratchDirectory));
  w.build(T.MediaInspector, [], () => new FileMediaInspector(media.ffprobePath, media.ffmpegPath, media.inspection));
  w.build(T.OutboundAddressGuard, [], () => new OutboundAddressGuard({ allowPrivateAddresses: config.outbound.allowPrivateAddresses }));
  w.build(T.UrlDownloader, [T.OutboundAddressGuard], (guard) => new GuardedUrlDownloader(guard));
  w.build(T.UrlSigner, [], () => new HmacUrlSigner(resolveSecretKey(config.secrets)));
  w.build(
    T.MediaLinks,
    [T.MediaStore, T.UrlSigner, T.Clock],
    (store, signer, clock) => new MediaLinks(store, signer, clock, config.http.baseUrl, media.linkTtlSeconds),
  );
  w.construct(T.IngestMedia, IngestMedia, [T.FileStaging, T.MediaInspector, T.MediaStore, T.MediaRepository, T.Clock, T.MediaSettings]);
  w.construct(T.UploadMedia, UploadMedia, [T.IngestMedia, T.MediaRepository, T.IdGenerator, T.Clock, T.MediaSettings]);
  w.construct(T.ImportMedia, ImportMedia, [T.UrlDownloader, T.IngestMedia, T.MediaRepository, T.IdGenerator, T.Clock, T.MediaSettings, T.Logger]);
  w.construct(T.ResumableUploads, ResumableUploads, [
    T.MediaUploadRepository,
    T.MediaStore,
    T.IngestMedia,
    T.MediaRepository,
    T.IdGenerator,
    T.Clock,
    T.MediaSettings,
    T.Logger,
    T.UnitOfWork,
  ]);
  w.construct(T.ReadMedia, ReadMedia, [T.MediaRepository]);
  w.construct(T.DeleteMedia, DeleteMedia, [T.ReadMedia, T.MediaRepository, T.MediaStore]);
  w.construct(T.MediaFrames, MediaFrames, [T.MediaStore, T.FileStaging, T.MediaInspector]);
  w.construct(T.ServeMediaFile, ServeMediaFile, [T.MediaRepository, T.MediaStore, T.MediaLinks]);
  w.build(
    T.MediaHousekeeping,
    [T.MediaUploadRepository, T.MediaRepository, T.MediaStore, T.FileStaging, T.Clock],
    (uploads, items, store, staging, clock) => new MediaHousekeeping(uploads, items, store, staging, clock, media.staleProcessingSeconds),
  );
}

const mediaUseCases = (get: Lookup): MediaUseCases => ({
  read: get(T.ReadMedia),
  upload: get(T.UploadMedia),
  import: get(T.ImportMedia),
  resumable: get(T.ResumableUploads),
  delete: get(T.DeleteMedia),
  links: get(T.MediaLinks),
});

export const MEDIA: Capability = {
  name: 'media',
  bind: bindMedia,
  routes(get) {
    const useCases = mediaUseCases(get);
    return {
      api: [apiRouter(MEDIA_OPERATIONS, useCases), apiRouter(MEDIA_UPLOAD_OPERATIONS, useCases)],
      uploads: [apiRouter(MEDIA_OPERATIONS, useCases, 'uploads'), apiRouter(MEDIA_UPLOAD_OPERATIONS, useCases, 'uploads')],
    };
  },
};

function storeOf(media: MediaConfig): MediaStore {
  if (media.s3 === null) return new LocalDiskMediaStore(media.directory);
  const { endpoint, accessKeyId, secretAccessKey, ...s3 } = media.s3;
  return new S3MediaStore({ ...s3, endpoint: endpoint ?? undefined, accessKeyId: accessKeyId ?? undefined, secretAccessKey: secretAccessKey ?? undefined });
}
