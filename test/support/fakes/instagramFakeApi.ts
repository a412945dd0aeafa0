import { DocumentedApi, type DocumentedOperation } from './kit/documentedApi';

const BUSINESS_LOGIN = 'https://developers.facebook.com/documentation/instagram-platform/instagram-api-with-instagram-login/business-login';
const ACCESS_TOKEN = 'https://developers.facebook.com/documentation/instagram-platform/reference/access_token';
const REFRESH = 'https://developers.facebook.com/documentation/instagram-platform/reference/refresh_access_token';
const USER_MEDIA = 'https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media';
const PUBLISHING = 'https://developers.facebook.com/documentation/instagram-platform/content-publishing';
const CONTAINER = 'https://developers.facebook.com/documentation/instagram-platform/instagram-graph-api/reference/ig-container';
const COMMENTS = 'https://developers.facebook.com/documentation/instagram-platform/instagram-graph-api/reference/ig-media/comments';
const INSIGHTS = 'https://developers.facebook.com/documentation/instagram-platform/reference/instagram-media/insights';
/** docs/platforms.md marks the IG User and IG Media node pages "not retrieved": the rows are what the connector relies on. */
const USER = 'https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user';

/** What `POST /{ig-user-id}/media` documents: images, reels, carousel items and carousels. */
const CONTAINER_PARAMS = [
  'image_url',
  'video_url',
  'media_type',
  'caption',
  'alt_text',
  'is_carousel_item',
  'children',
  'share_to_feed',
  'thumb_offset',
  'trial_params',
  'cover_url',
  'audio_name',
  'location_id',
  'user_tags',
  'collaborators',
];

/**
 * The Instagram API with Instagram Login as docs/platforms.md's table reads its documentation
 * (Meta publishes no machine-readable description), each row citing its page: the code
 * exchange at api.instagram.com, the token calls and the versioned Graph calls at
 * graph.instagram.com (one fake serves both hosts).
 */
const OPERATIONS: readonly DocumentedOperation[] = [
  {
    id: 'oauth.accessToken',
    method: 'POST',
    path: '/oauth/access_token',
    page: BUSINESS_LOGIN,
    params: 'form',
    required: ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code'],
    allowed: ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code'],
    values: { grant_type: ['authorization_code'] },
    auth: 'client',
  },
  {
    id: 'accessToken.exchange',
    method: 'GET',
    path: '/access_token',
    page: ACCESS_TOKEN,
    required: ['grant_type', 'client_secret', 'access_token'],
    allowed: ['grant_type', 'client_secret'],
    values: { grant_type: ['ig_exchange_token'] },
    auth: 'access_token',
  },
  {
    id: 'accessToken.refresh',
    method: 'GET',
    path: '/refresh_access_token',
    page: REFRESH,
    required: ['grant_type', 'access_token'],
    allowed: ['grant_type'],
    values: { grant_type: ['ig_refresh_token'] },
    auth: 'access_token',
    scopes: ['instagram_business_basic'],
  },
  { id: 'user.get', method: 'GET', path: '/{version}/me', page: USER, allowed: ['fields'], auth: 'access_token' },
  {
    id: 'user.media.create',
    method: 'POST',
    path: '/{version}/{ig-user-id}/media',
    page: USER_MEDIA,
    allowed: CONTAINER_PARAMS,
    values: { media_type: ['IMAGE', 'REELS', 'STORIES', 'VIDEO', 'CAROUSEL'], is_carousel_item: ['true', 'false'], share_to_feed: ['true', 'false'] },
    auth: 'access_token',
    scopes: ['instagram_business_content_publish'],
  },
  {
    id: 'user.media.list',
    method: 'GET',
    path: '/{version}/{ig-user-id}/media',
    page: USER_MEDIA,
    allowed: ['fields', 'since', 'until', 'limit', 'after', 'before'],
    auth: 'access_token',
    scopes: ['instagram_business_basic'],
  },
  {
    id: 'user.mediaPublish',
    method: 'POST',
    path: '/{version}/{ig-user-id}/media_publish',
    page: PUBLISHING,
    required: ['creation_id'],
    allowed: ['creation_id'],
    auth: 'access_token',
    scopes: ['instagram_business_content_publish'],
  },
  {
    id: 'media.comments.create',
    method: 'POST',
    path: '/{version}/{ig-media-id}/comments',
    page: COMMENTS,
    required: ['message'],
    allowed: ['message'],
    auth: 'access_token',
    scopes: ['instagram_business_manage_comments'],
  },
  {
    id: 'media.comments.list',
    method: 'GET',
    path: '/{version}/{ig-media-id}/comments',
    page: COMMENTS,
    allowed: ['fields', 'limit', 'after', 'before'],
    auth: 'access_token',
    scopes: ['instagram_business_manage_comments'],
  },
  {
    id: 'media.insights',
    method: 'GET',
    path: '/{version}/{ig-media-id}/insights',
    page: INSIGHTS,
    required: ['metric'],
    allowed: ['metric', 'period', 'breakdown', 'metric_type'],
    values: { period: ['lifetime'], metric_type: ['total_value'] },
    auth: 'access_token',
    scopes: ['instagram_business_manage_insights'],
  },
  // A container's status_code (CONTAINER) or a post's permalink (the IG Media node): the two node reads.
  {
    id: 'node.get',
    method: 'GET',
    path: '/{version}/{node-id}',
    page: CONTAINER,
    allowed: ['fields'],
    auth: 'access_token',
    scopes: ['instagram_business_basic'],
  },
];

export const INSTAGRAM_API = new DocumentedApi('Instagram API with Instagram Login v23.0 (its documentation, docs/platforms.md)', OPERATIONS);
