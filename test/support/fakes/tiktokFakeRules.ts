import { type TikTokFakeState } from './tiktokFakeState';

export type Problem = { readonly status: number; readonly code: string; readonly message: string } | null;

const invalid = (message: string): Problem => ({ status: 400, code: 'invalid_params', message });

/** TikTok's checks of `post_info`: a privacy level the creator is offered, typed flags, title and description lengths. */
export function checkPostInfo(state: TikTokFakeState, info: Record<string, unknown>, kind: 'video' | 'photo'): Problem {
  if (!state.creatorInfo.privacy_level_options.includes(String(info.privacy_level))) {
    return { status: 403, code: 'privacy_level_option_mismatch', message: 'privacy_level is not one of the privacy_level_options of this creator' };
  }
  const flags = kind === 'video' ? ['disable_comment', 'disable_duet', 'disable_stitch'] : ['disable_comment', 'auto_add_music'];
  for (const flag of [...flags, 'brand_content_toggle', 'brand_organic_toggle']) {
    if (info[flag] !== undefined && typeof info[flag] !== 'boolean') return invalid(`${flag} must be a boolean`);
  }
  if (info.brand_content_toggle === true && info.privacy_level === 'SELF_ONLY') return invalid('branded content cannot be private');
  const title = info.title === undefined ? '' : info.title;
  if (typeof title !== 'string' || [...title].length > (kind === 'video' ? 2200 : 90)) return invalid('title is too long');
  if (info.description !== undefined && (typeof info.description !== 'string' || [...info.description].length > 4000)) {
    return invalid('description is too long');
  }
  return null;
}

/**
 * TikTok's chunk rules for FILE_UPLOAD: a video under 5 MB goes whole; chunks of 5 to 64 MB;
 * `total_chunk_count` is the size divided by the chunk size, rounded down; 1 to 1000 chunks.
 */
export function checkFileUpload(state: TikTokFakeState, source: Record<string, unknown>): Problem {
  const { video_size: size, chunk_size: chunk, total_chunk_count: count } = source;
  if (typeof size !== 'number' || typeof chunk !== 'number' || typeof count !== 'number' || size <= 0 || chunk <= 0) {
    return invalid('video_size, chunk_size and total_chunk_count are required for FILE_UPLOAD');
  }
  if (size < state.minChunkBytes && chunk !== size) return invalid('a video under 5 MB is uploaded as a whole');
  if (size >= state.minChunkBytes && (chunk < state.minChunkBytes || chunk > state.maxChunkBytes) && chunk !== size) {
    return invalid('chunk_size must be between 5 MB and 64 MB');
  }
  if (size > state.maxChunkBytes && chunk === size) return invalid('a video over 64 MB is uploaded in chunks');
  if (count !== Math.floor(size / chunk) || count < 1 || count > 1000) return invalid('total_chunk_count does not match video_size and chunk_size');
  return null;
}

/** PULL_FROM_URL fetches only from the app's verified domains. */
export function checkPulledUrls(state: TikTokFakeState, urls: unknown[]): Problem {
  for (const url of urls) {
    let host: string;
    try {
      host = new URL(String(url)).hostname;
    } catch {
      return invalid('the media URL is not valid');
    }
    if (!state.verifiedDomains.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
      return { status: 403, code: 'url_ownership_unverified', message: 'The domain or URL prefix of the media has not been verified for this app.' };
    }
  }
  return null;
}
