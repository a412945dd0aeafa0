import { fetchMedia } from './instagramFakeFetch';
import { type InstagramFakeState } from './instagramFakeState';
import { type FakeCall } from './kit/fakeCall';
import { EXPIRED_SESSION, INVALID_TOKEN, invalidParameter, metaError, unsupportedRequest } from './kit/metaGraphAnswers';

export type InstagramCall = FakeCall<InstagramFakeState>;

/** The path's segments after the version: `/v23.0/{id}/media` → `[id, 'media']`. */
export const segmentsOf = (call: InstagramCall): string[] => call.request.path.split('/').slice(2);

/** The request's parameters but its token. */
export const paramsOf = (call: InstagramCall): Record<string, string> =>
  Object.fromEntries([...call.url.searchParams.entries()].filter(([key]) => key !== 'access_token'));

export const fieldsOf = (call: InstagramCall): string[] => (call.url.searchParams.get('fields') ?? '').split(',').filter((f) => f.length > 0);

/** The live token of `access_token` (or a Bearer header), or Meta's 190 answered. */
export function tokenOf(call: InstagramCall): { token: string; userId: string; scopes: readonly string[] } | null {
  const token = call.url.searchParams.get('access_token') ?? call.bearer() ?? '';
  const known = call.state.accessTokens.get(token);
  if (!known || known.expired) {
    call.send(metaError(known ? { ...EXPIRED_SESSION, message: 'Error validating access token: Session has expired.' } : INVALID_TOKEN));
    return null;
  }
  return { token, userId: known.userId, scopes: known.scopes };
}

export function me(call: InstagramCall) {
  if (!tokenOf(call)) return;
  const { userId, username, name, picture } = call.state.account;
  const all: Record<string, string> = { user_id: userId, username, name, profile_picture_url: picture };
  call.answer(200, {
    id: userId,
    ...Object.fromEntries(
      fieldsOf(call)
        .filter((f) => f in all)
        .map((f) => [f, all[f]]),
    ),
  });
}

/** `POST /{ig-user-id}/media`: an image, a reel, a carousel item or a carousel; media fetched at once. */
export async function createContainer(call: InstagramCall) {
  const token = tokenOf(call);
  if (!token) return;
  const [userId] = segmentsOf(call);
  if (userId !== token.userId) return call.send(metaError(unsupportedRequest('post', userId ?? '')));
  const params = paramsOf(call);
  const carouselItem = params.is_carousel_item === 'true';
  const type = params.media_type ?? 'IMAGE';
  if (type === 'CAROUSEL') return createCarousel(call, token.userId, params);
  const video = type === 'REELS' || type === 'VIDEO';
  const url = video ? params.video_url : params.image_url;
  if (!url) return call.send(metaError(invalidParameter(`The parameter ${video ? 'video_url' : 'image_url'} is required`)));
  if (type === 'VIDEO' && !carouselItem) return call.send(metaError(invalidParameter('media_type VIDEO is for carousel items; use REELS')));
  if (params.trial_params && (type !== 'REELS' || !/^\{"graduation_strategy":"(MANUAL|SS_PERFORMANCE)"\}$/.test(params.trial_params))) {
    return call.send(metaError(invalidParameter('Invalid trial_params')));
  }
  const fetched = await fetchMedia(url, video ? 'video' : 'image');
  if (!fetched.ok) return call.send(metaError(fetched.error));
  const { state } = call;
  const id = state.nextId();
  const failure = video ? state.nextVideoError : null;
  if (video) state.nextVideoError = null;
  const checksLeft = video ? state.videoChecksBeforeFinished : state.imageChecksBeforeFinished;
  const statusCode = checksLeft > 0 ? 'IN_PROGRESS' : 'FINISHED';
  state.containers.set(id, { id, userId: token.userId, params, carouselItem, checksLeft, statusCode, status: statusCode, fetched, failure });
  call.answer(200, { id });
}

function createCarousel(call: InstagramCall, userId: string, params: Record<string, string>) {
  const children = (params.children ?? '').split(',').filter((c) => c.length > 0);
  if (children.length < 2 || children.length > 10) return call.send(metaError(invalidParameter('A carousel holds 2 to 10 items')));
  for (const child of children) {
    const item = call.state.containers.get(child);
    if (!item?.carouselItem || item.userId !== userId) return call.send(metaError(invalidParameter(`Invalid children ${child}`)));
    if (item.statusCode !== 'FINISHED') return call.send(metaError(invalidParameter('Media is not ready to be published', 2207027)));
  }
  const id = call.state.nextId();
  const container = { id, userId, params, carouselItem: false, checksLeft: 0, fetched: null, failure: null };
  call.state.containers.set(id, { ...container, statusCode: 'FINISHED', status: 'FINISHED' });
  call.answer(200, { id });
}
