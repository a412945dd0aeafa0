import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { callLinkedIn, callWithToken, parseJson, restHeaders } from './LinkedInHttp';
import { type LinkedInSettings } from './LinkedInOptions';
import { failedCallOutcome } from './linkedInOutcomes';

export interface UploadedImage {
  readonly id: string;
  readonly altText: string | null;
}

export type ImageUploads = { readonly ok: true; readonly images: UploadedImage[] } | { readonly ok: false; readonly outcome: PublishOutcome };

interface InitializeUploadAnswer {
  value?: { uploadUrl?: unknown; image?: unknown };
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * Each image through the Images API: `initializeUpload` names an image URN and an upload
 * URL, then the bytes are PUT there. Nothing is visible until the post names the images, so
 * any failure here can be tried again.
 */
export async function uploadImages(
  settings: LinkedInSettings,
  accessToken: string,
  owner: string,
  items: readonly MediaToPublish[],
  media: MediaAccess,
): Promise<ImageUploads> {
  const images: UploadedImage[] = [];
  for (const item of items) {
    const opened = await media.open(item.id);
    if (opened.facts.kind !== 'image') {
      opened.body.resume();
      return { ok: false, outcome: { kind: 'rejected', reason: 'LinkedIn video posts are not supported by this connector yet' } };
    }
    const bytes = await readAll(opened.body);
    const initialize = await callWithToken(settings, {
      method: 'POST',
      url: `${settings.apiBaseUrl}/rest/images?action=initializeUpload`,
      headers: restHeaders(settings, accessToken, true),
      body: JSON.stringify({ initializeUploadRequest: { owner } }),
    });
    if (initialize.kind !== 'answered' || initialize.status !== 200) return { ok: false, outcome: failedCallOutcome(initialize, 'preparing') };
    const value = (parseJson(initialize.text) as InitializeUploadAnswer | null)?.value;
    if (typeof value?.uploadUrl !== 'string' || typeof value.image !== 'string') {
      return { ok: false, outcome: { kind: 'retryLater', afterSeconds: 60, reason: 'LinkedIn gave no upload URL for an image' } };
    }
    const headers = { Authorization: `Bearer ${accessToken}`, 'Content-Type': opened.facts.mimeType };
    const upload = await callLinkedIn(settings, { method: 'PUT', url: value.uploadUrl, headers, body: bytes });
    if (upload.kind !== 'answered' || upload.status < 200 || upload.status > 299) return { ok: false, outcome: failedCallOutcome(upload, 'preparing') };
    images.push({ id: value.image, altText: item.altText });
  }
  return { ok: true, images };
}
