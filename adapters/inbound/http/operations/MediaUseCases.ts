import { type DeleteMedia } from '../../../../application/media/DeleteMedia';
import { type ImportMedia } from '../../../../application/media/ImportMedia';
import { type MediaLinks } from '../../../../application/media/MediaLinks';
import { type ReadMedia } from '../../../../application/media/ReadMedia';
import { type ResumableUploads } from '../../../../application/media/ResumableUploads';
import { type UploadMedia } from '../../../../application/media/UploadMedia';

/** The media library's use cases, as the composition root hands them to the routers. */
export interface MediaUseCases {
  readonly read: ReadMedia;
  readonly upload: UploadMedia;
  readonly import: ImportMedia;
  readonly resumable: ResumableUploads;
  readonly delete: DeleteMedia;
  readonly links: MediaLinks;
}
