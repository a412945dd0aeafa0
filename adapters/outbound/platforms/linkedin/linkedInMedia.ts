import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { uploadImage } from './linkedInImages';
import { type LinkedInSettings } from './LinkedInOptions';
import { uploadVideo } from './linkedInVideos';

export interface UploadedMedia {
  readonly id: string;
  readonly kind: 'image' | 'video';
  readonly altText: string | null;
}

export type MediaUploads = { readonly ok: true; readonly media: UploadedMedia[] } | { readonly ok: false; readonly outcome: PublishOutcome };

async function readAll(body: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * A segment's media uploaded for `owner` (the post's author). Nothing is visible until the
 * post names them, so any failure here can be tried again.
 */
export async function uploadMedia(
  settings: LinkedInSettings,
  accessToken: string,
  owner: string,
  items: readonly MediaToPublish[],
  media: MediaAccess,
): Promise<MediaUploads> {
  const uploaded: UploadedMedia[] = [];
  for (const item of items) {
    const { body, facts } = await media.open(item.id);
    const upload =
      facts.kind === 'image'
        ? await uploadImage(settings, accessToken, owner, await readAll(body), facts.mimeType)
        : await uploadVideo(settings, accessToken, owner, body, facts.sizeBytes);
    body.destroy();
    if (!upload.ok) return upload;
    uploaded.push({ id: upload.id, kind: facts.kind, altText: item.altText });
  }
  return { ok: true, media: uploaded };
}
