import { type ServerResponse } from 'node:http';
import { bearer, type FakeRequest, jsonBody } from './tiktokFakeApi';
import { sendApiError, sendData } from './tiktokFakeAnswers';
import { checkFileUpload, checkPostInfo, checkPulledUrls } from './tiktokFakeRules';
import { type FakePublish, type TikTokFakeState } from './tiktokFakeState';

type Body = Record<string, unknown>;

/** `POST /v2/post/publish/video/init/`: post_info and source_info checked, a publish_id and (FILE_UPLOAD) an upload_url. */
export function videoInit(state: TikTokFakeState, request: FakeRequest, response: ServerResponse) {
  if (!bearer(state, request.message, response, 'video.publish')) return;
  const body = jsonBody(request, response);
  if (!body) return;
  const postInfo = (body.post_info ?? {}) as Body;
  const sourceInfo = (body.source_info ?? {}) as Body;
  const problem =
    checkPostInfo(state, postInfo, 'video') ??
    (sourceInfo.source === 'FILE_UPLOAD'
      ? checkFileUpload(state, sourceInfo)
      : sourceInfo.source === 'PULL_FROM_URL'
        ? checkPulledUrls(state, [sourceInfo.video_url])
        : { status: 400, code: 'invalid_params', message: 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL' });
  if (problem) return sendApiError(response, problem.status, problem.code, problem.message);
  const n = state.next();
  const upload = sourceInfo.source === 'FILE_UPLOAD' ? `upl-${n}` : null;
  const publish: FakePublish = {
    publishId: `v_pub_file~v2-1.${n}`,
    kind: 'video',
    postInfo,
    sourceInfo,
    uploadToken: upload,
    chunks: [],
    chunkRanges: [],
    postId: null,
  };
  state.publishes.set(publish.publishId, publish);
  sendData(
    response,
    upload ? { publish_id: publish.publishId, upload_url: `${request.base}/video/?upload_id=${n}&upload_token=${upload}` } : { publish_id: publish.publishId },
  );
}

/** `POST /v2/post/publish/content/init/` for photos: DIRECT_POST, PHOTO, pulled from verified URLs. */
export function contentInit(state: TikTokFakeState, request: FakeRequest, response: ServerResponse) {
  if (!bearer(state, request.message, response, 'video.publish')) return;
  const body = jsonBody(request, response);
  if (!body) return;
  const postInfo = (body.post_info ?? {}) as Body;
  const sourceInfo = (body.source_info ?? {}) as Body;
  const images = Array.isArray(sourceInfo.photo_images) ? sourceInfo.photo_images : [];
  const problem =
    (body.media_type !== 'PHOTO' ? { status: 400, code: 'invalid_params', message: 'media_type must be PHOTO' } : null) ??
    (body.post_mode !== 'DIRECT_POST' && body.post_mode !== 'MEDIA_UPLOAD' ? { status: 400, code: 'invalid_params', message: 'post_mode is invalid' } : null) ??
    (sourceInfo.source !== 'PULL_FROM_URL' ? { status: 400, code: 'invalid_params', message: 'photos are only pulled from URLs' } : null) ??
    (images.length < 1 || images.length > 35 ? { status: 400, code: 'invalid_params', message: 'photo_images holds 1 to 35 URLs' } : null) ??
    (typeof sourceInfo.photo_cover_index !== 'number' || sourceInfo.photo_cover_index >= images.length
      ? { status: 400, code: 'invalid_params', message: 'photo_cover_index is out of range' }
      : null) ??
    checkPostInfo(state, postInfo, 'photo') ??
    checkPulledUrls(state, images);
  if (problem) return sendApiError(response, problem.status, problem.code, problem.message);
  const publish: FakePublish = {
    publishId: `p_pub_url~v2.${state.next()}`,
    kind: 'photo',
    postInfo,
    sourceInfo,
    uploadToken: null,
    chunks: [],
    chunkRanges: [],
    postId: null,
  };
  state.publishes.set(publish.publishId, publish);
  sendData(response, { publish_id: publish.publishId });
}
