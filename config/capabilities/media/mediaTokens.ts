import { type DeleteMedia } from '../../../application/media/DeleteMedia';
import { type ImportMedia } from '../../../application/media/ImportMedia';
import { type IngestMedia } from '../../../application/media/IngestMedia';
import { type MediaFrames } from '../../../application/media/MediaFrames';
import { type MediaHousekeeping } from '../../../application/media/MediaHousekeeping';
import { type MediaLinks } from '../../../application/media/MediaLinks';
import { type MediaSettings } from '../../../application/media/MediaSettings';
import { type ReadMedia } from '../../../application/media/ReadMedia';
import { type ResumableUploads } from '../../../application/media/ResumableUploads';
import { type ServeMediaFile } from '../../../application/media/ServeMediaFile';
import { type UploadMedia } from '../../../application/media/UploadMedia';
import { type FileStaging } from '../../../application/ports/FileStaging';
import { type MediaInspector } from '../../../application/ports/MediaInspector';
import { type MediaStore } from '../../../application/ports/MediaStore';
import { type UrlSigner } from '../../../application/ports/UrlSigner';
import { type MediaRepository, type MediaUploadRepository } from '../../../domain/media/MediaRepository';
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
