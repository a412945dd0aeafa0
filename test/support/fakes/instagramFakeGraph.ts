import { type ServerResponse } from 'node:http';
import { EXPIRED_TOKEN, INVALID_TOKEN, type MetaError, sendJson, sendMetaError } from './instagramFakeAnswers';
import { fetchMedia } from './instagramFakeFetch';
import { type FakeIgToken, type InstagramFakeState } from './instagramFakeState';

export type GraphRequest = { readonly query: URLSearchParams; readonly segments: readonly string[] };

const invalidParameter = (message: string, subcode?: number): MetaError => ({
  status: 400,
  message,
  type: 'OAuthException',
  code: 100,
  error_subcode: subcode,
});

/** The `access_token` query parameter, answering the 190 error itself when it is not good. */
export function tokenOf(state: InstagramFakeState, query: URLSearchParams, response: ServerResponse): FakeIgToken | null {
  const token = state.tokens.get(query.get('access_token') ?? '');
  if (!token) sendMetaError(response, INVALID_TOKEN);
  else if (token.expired) sendMetaError(response, EXPIRED_TOKEN);
  return token && !token.expired ? token : null;
}

const requires = (token: FakeIgToken, scope: string, response: ServerResponse): boolean => {
  if (token.scopes.includes(scope)) return true;
  sendMetaError(response, { status: 403, message: `(#10) Application does not have permission for this action (${scope})`, code: 10 });
  return false;
};

export function me(state: InstagramFakeState, { query }: GraphRequest, response: ServerResponse) {
  if (!tokenOf(state, query, response)) return;
  const { userId, username, name, picture } = state.account;
  const all: Record<string, string> = { user_id: userId, username, name, profile_picture_url: picture };
  const fields = (query.get('fields') ?? 'id').split(',');
  sendJson(response, 200, { id: userId, ...Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])) });
}

/** `POST /{ig-user-id}/media`: an image, a reel, a carousel item or a carousel; media fetched at once. */
export async function createContainer(state: InstagramFakeState, { query, segments }: GraphRequest, response: ServerResponse) {
  const token = tokenOf(state, query, response);
  if (!token || !requires(token, 'instagram_business_content_publish', response)) return;
  if (segments[0] !== token.userId) return sendMetaError(response, invalidParameter('Unsupported post request. Object does not exist', 33));
  const params = Object.fromEntries([...query.entries()].filter(([key]) => key !== 'access_token'));
  const carouselItem = params.is_carousel_item === 'true';
  const type = params.media_type ?? 'IMAGE';
  if (type === 'CAROUSEL') return createCarousel(state, token.userId, params, response);
  const video = type === 'REELS' || type === 'VIDEO';
  if (!video && type !== 'IMAGE') return sendMetaError(response, invalidParameter(`Invalid media_type ${type}`));
  const url = video ? params.video_url : params.image_url;
  if (!url) return sendMetaError(response, invalidParameter(`The parameter ${video ? 'video_url' : 'image_url'} is required`));
  if (type === 'VIDEO' && !carouselItem) return sendMetaError(response, invalidParameter('media_type VIDEO is for carousel items; use REELS'));
  if (params.trial_params && (type !== 'REELS' || !/^\{"graduation_strategy":"(MANUAL|SS_PERFORMANCE)"\}$/.test(params.trial_params))) {
    return sendMetaError(response, invalidParameter('Invalid trial_params'));
  }
  const fetched = await fetchMedia(url, video ? 'video' : 'image');
  if (!fetched.ok) return sendMetaError(response, fetched.error);
  const id = state.nextId();
  const failure = video ? state.nextVideoError : null;
  if (video) state.nextVideoError = null;
  const checksLeft = video ? state.videoChecksBeforeFinished : state.imageChecksBeforeFinished;
  const statusCode = checksLeft > 0 ? 'IN_PROGRESS' : 'FINISHED';
  state.containers.set(id, { id, userId: token.userId, params, carouselItem, checksLeft, statusCode, status: statusCode, fetched, failure });
  sendJson(response, 200, { id });
}

function createCarousel(state: InstagramFakeState, userId: string, params: Record<string, string>, response: ServerResponse) {
  const children = (params.children ?? '').split(',').filter((c) => c.length > 0);
  if (children.length < 2 || children.length > 10) return sendMetaError(response, invalidParameter('A carousel holds 2 to 10 items'));
  for (const child of children) {
    const item = state.containers.get(child);
    if (!item?.carouselItem || item.userId !== userId) return sendMetaError(response, invalidParameter(`Invalid children ${child}`));
    if (item.statusCode !== 'FINISHED') return sendMetaError(response, invalidParameter('Media is not ready to be published', 2207027));
  }
  const id = state.nextId();
  state.containers.set(id, {
    id,
    userId,
    params,
    carouselItem: false,
    checksLeft: 0,
    statusCode: 'FINISHED',
    status: 'FINISHED',
    fetched: null,
    failure: null,
  });
  sendJson(response, 200, { id });
}
