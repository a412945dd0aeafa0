import { type MetaFakeError as MetaError } from './kit/metaGraphAnswers';

/** What Instagram makes of a media URL it fetches: the content type and size, or its error. */
export type FetchedMedia = { readonly ok: true; readonly contentType: string; readonly bytes: number } | { readonly ok: false; readonly error: MetaError };

const cannotFetch = (url: string): MetaError => ({
  status: 400,
  message: 'Only photo or video can be accepted as media type.',
  type: 'OAuthException',
  code: 9004,
  subcode: 2207052,
  userTitle: 'Media download has failed.',
  userMessage: `The media could not be fetched from this uri: ${url}`,
});

const unsupported: MetaError = {
  status: 400,
  message: 'The image format is not supported.',
  type: 'OAuthException',
  code: 36003,
  subcode: 2207009,
  userTitle: 'Unsupported format',
  userMessage: 'The image format is not supported. Supported formats are: JPEG',
};

/** Instagram cURLs the media (docs/platforms.md): it must answer 200 with a JPEG image, or an MP4/MOV video. */
export async function fetchMedia(url: string, expected: 'image' | 'video'): Promise<FetchedMedia> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  } catch {
    return { ok: false, error: cannotFetch(url) };
  }
  if (response.status !== 200) return { ok: false, error: cannotFetch(url) };
  const bytes = (await response.arrayBuffer()).byteLength;
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  const accepted = expected === 'image' ? ['image/jpeg'] : ['video/mp4', 'video/quicktime'];
  if (!accepted.includes(contentType) || bytes === 0) return { ok: false, error: expected === 'image' ? unsupported : cannotFetch(url) };
  return { ok: true, contentType, bytes };
}
