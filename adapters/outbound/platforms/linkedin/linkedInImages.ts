import { callLinkedIn, callWithToken, parseJson, restHeaders } from './LinkedInHttp';
import { type LinkedInSettings } from './LinkedInOptions';
import { type MediaUpload } from './linkedInMediaUpload';
import { failedCallOutcome } from './linkedInOutcomes';

interface InitializeUploadAnswer {
  value?: { uploadUrl?: unknown; image?: unknown };
}

/**
 * One image through the Images API: `initializeUpload` names an image URN and an upload URL,
 * then the bytes are PUT there.
 */
export async function uploadImage(settings: LinkedInSettings, accessToken: string, owner: string, bytes: Buffer, mimeType: string): Promise<MediaUpload> {
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
  const headers = { Authorization: `Bearer ${accessToken}`, 'Content-Type': mimeType };
  const upload = await callLinkedIn(settings, { method: 'PUT', url: value.uploadUrl, headers, body: bytes });
  if (upload.kind !== 'answered' || upload.status < 200 || upload.status > 299) return { ok: false, outcome: failedCallOutcome(upload, 'preparing') };
  return { ok: true, id: value.image };
}
