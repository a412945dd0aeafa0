import { DocumentedApi } from './kit/documentedApi';

const DOCS = 'https://developers.tiktok.com/doc';
const PUBLISH = ['video.publish'];

/**
 * TikTok's API as its documentation pages describe it (TikTok publishes no machine-readable
 * description): the table of docs/platforms.md ("TikTok (Content Posting API — Direct Post; Login
 * Kit)"), each row citing its page. The chunk PUTs go to the `upload_url` TikTok hands out (the
 * media transfer guide's headers, checked by the fake's handler), not to the Open API.
 */
export const TIKTOK_DOCUMENTED = new DocumentedApi('TikTok Open API v2 (its documentation)', [
  {
    id: 'oauth.token',
    method: 'POST',
    path: '/v2/oauth/token/',
    page: `${DOCS}/oauth-user-access-token-management`,
    params: 'form',
    required: ['client_key', 'client_secret', 'grant_type'],
    allowed: ['client_key', 'client_secret', 'code', 'grant_type', 'redirect_uri', 'refresh_token'],
    values: { grant_type: ['authorization_code', 'refresh_token'] },
    auth: 'client',
  },
  {
    id: 'oauth.revoke',
    method: 'POST',
    path: '/v2/oauth/revoke/',
    page: `${DOCS}/oauth-user-access-token-management`,
    params: 'form',
    required: ['client_key', 'client_secret', 'token'],
    allowed: ['client_key', 'client_secret', 'token'],
    auth: 'client',
  },
  {
    id: 'user.info',
    method: 'GET',
    path: '/v2/user/info/',
    page: `${DOCS}/display-api-overview/`,
    params: 'query',
    required: ['fields'],
    allowed: ['fields'],
    auth: 'bearer',
    scopes: ['user.info.basic'],
  },
  {
    id: 'post.publish.creator_info.query',
    method: 'POST',
    path: '/v2/post/publish/creator_info/query/',
    page: `${DOCS}/content-posting-api-reference-query-creator-info`,
    params: 'query',
    allowed: [],
    auth: 'bearer',
    scopes: PUBLISH,
  },
  {
    id: 'post.publish.video.init',
    method: 'POST',
    path: '/v2/post/publish/video/init/',
    page: `${DOCS}/content-posting-api-reference-direct-post`,
    params: 'json',
    required: ['post_info', 'source_info'],
    allowed: ['post_info', 'source_info'],
    auth: 'bearer',
    scopes: PUBLISH,
  },
  {
    id: 'post.publish.content.init',
    method: 'POST',
    path: '/v2/post/publish/content/init/',
    page: `${DOCS}/content-posting-api-reference-photo-post`,
    params: 'json',
    required: ['post_info', 'source_info', 'post_mode', 'media_type'],
    allowed: ['post_info', 'source_info', 'post_mode', 'media_type'],
    values: { post_mode: ['DIRECT_POST', 'MEDIA_UPLOAD'], media_type: ['PHOTO'] },
    auth: 'bearer',
    scopes: PUBLISH,
  },
  {
    id: 'post.publish.status.fetch',
    method: 'POST',
    path: '/v2/post/publish/status/fetch/',
    page: `${DOCS}/content-posting-api-reference-get-video-status`,
    params: 'json',
    required: ['publish_id'],
    allowed: ['publish_id'],
    auth: 'bearer',
    scopes: PUBLISH,
  },
  {
    // `fields` in the query, `filters` in the JSON body (this table reads both as the call's parameters).
    id: 'video.query',
    method: 'POST',
    path: '/v2/video/query/',
    page: `${DOCS}/tiktok-api-v2-video-query`,
    params: 'json',
    required: ['fields', 'filters'],
    allowed: ['fields', 'filters'],
    auth: 'bearer',
    scopes: ['video.list'],
  },
]);
