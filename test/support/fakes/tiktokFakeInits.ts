import { invalidParams, apiError, data } from './tiktokFakeAnswers';
import { creatorOf, type TikTokCall } from './tiktokFakeApi';
import { checkFileUpload, checkPostInfo, checkPulledUrls, type Problem } from './tiktokFakeRules';
import { type FakePublish } from './tiktokFakeState';

type Body = Record<string, unknown>;

const answerProblem = (call: TikTokCall, problem: NonNullable<Problem>) => call.send(apiError(problem.status, problem.code, problem.message));

/** `POST /v2/post/publish/video/init/`: post_info and source_info checked, a publish_id and (FILE_UPLOAD) an upload_url. */
export function videoInit(call: TikTokCall) {
  if (!creatorOf(call)) return;
  const body = call.json() ?? {};
  const postInfo = (body.post_info ?? {}) as Body;
  const sourceInfo = (body.source_info ?? {}) as Body;
  const problem =
    checkPostInfo(call.state, postInfo, 'video') ??
    (sourceInfo.source === 'FILE_UPLOAD'
      ? checkFileUpload(call.state, sourceInfo)
      : sourceInfo.source === 'PULL_FROM_URL'
        ? checkPulledUrls(call.state, [sourceInfo.video_url])
        : { status: 400, code: 'invalid_params', message: 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL' });
  if (problem) return answerProblem(call, problem);
  const n = call.state.next();
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
  call.state.publishes.set(publish.publishId, publish);
  const uploadUrl = `${call.baseUrl}/video/?upload_id=${n}&upload_token=${upload}`;
  call.send(data(upload ? { publish_id: publish.publishId, upload_url: uploadUrl } : { publish_id: publish.publishId }));
}

/** `POST /v2/post/publish/content/init/` for photos: DIRECT_POST, PHOTO, pulled from verified URLs. */
export function contentInit(call: TikTokCall) {
  if (!creatorOf(call)) return;
  const body = call.json() ?? {};
  const postInfo = (body.post_info ?? {}) as Body;
  const sourceInfo = (body.source_info ?? {}) as Body;
  const images = Array.isArray(sourceInfo.photo_images) ? sourceInfo.photo_images : [];
  if (sourceInfo.source !== 'PULL_FROM_URL') return call.send(invalidParams('photos are only pulled from URLs'));
  if (images.length < 1 || images.length > 35) return call.send(invalidParams('photo_images holds 1 to 35 URLs'));
  if (typeof sourceInfo.photo_cover_index !== 'number' || sourceInfo.photo_cover_index >= images.length) {
    return call.send(invalidParams('photo_cover_index is out of range'));
  }
  const problem = checkPostInfo(call.state, postInfo, 'photo') ?? checkPulledUrls(call.state, images);
  if (problem) return answerProblem(call, problem);
  const publishId = `p_pub_url~v2.${call.state.next()}`;
  call.state.publishes.set(publishId, { publishId, kind: 'photo', postInfo, sourceInfo, uploadToken: null, chunks: [], chunkRanges: [], postId: null });
  call.send(data({ publish_id: publishId }));
}
