import { DocumentedApi, type DocumentedOperation } from './kit/documentedApi';

const TOKENS_PAGE = 'https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions';
const LONG_LIVED_PAGE = 'https://developers.facebook.com/docs/threads/get-started/long-lived-tokens/';
const USER_PAGE = 'https://developers.facebook.com/documentation/threads/reference/user';
const POSTS_PAGE = 'https://developers.facebook.com/documentation/threads/posts';
const OVERVIEW_PAGE = 'https://developers.facebook.com/documentation/threads/overview';
const RETRIEVE_PAGE = 'https://developers.facebook.com/documentation/threads/retrieve-and-discover-posts/retrieve-posts';
const REPLIES_PAGE = 'https://developers.facebook.com/docs/threads/retrieve-and-manage-replies';
const MEDIA_PAGE = 'https://developers.facebook.com/documentation/threads/reference/media-retrieval';
const INSIGHTS_PAGE = 'https://developers.facebook.com/documentation/threads/insights';

/** A profile's media listed by time (`since`/`until` as Unix times or dates, `limit`, cursors). */
const LISTING = ['fields', 'since', 'until', 'limit', 'before', 'after'];

/**
 * The Threads API as docs/platforms.md's table reads Meta's pages (Threads publishes no
 * machine-readable description): the token endpoints (no version), then the Graph calls under
 * `/v1.0`. `me` stands for the user's id. The first row that fits a request is its operation,
 * so `/me` comes before a media id's row.
 */
const OPERATIONS: readonly DocumentedOperation[] = [
  {
    id: 'threads.token.code',
    method: 'POST',
    path: '/oauth/access_token',
    page: TOKENS_PAGE,
    params: 'form',
    required: ['client_id', 'client_secret', 'code', 'grant_type', 'redirect_uri'],
    allowed: ['client_id', 'client_secret', 'code', 'grant_type', 'redirect_uri'],
    values: { grant_type: ['authorization_code'] },
    auth: 'client',
  },
  {
    id: 'threads.token.exchange',
    method: 'GET',
    path: '/access_token',
    page: LONG_LIVED_PAGE,
    required: ['grant_type', 'client_secret', 'access_token'],
    allowed: ['grant_type', 'client_secret'],
    values: { grant_type: ['th_exchange_token'] },
    auth: 'access_token',
  },
  {
    id: 'threads.token.refresh',
    method: 'GET',
    path: '/refresh_access_token',
    page: LONG_LIVED_PAGE,
    required: ['grant_type', 'access_token'],
    allowed: ['grant_type'],
    values: { grant_type: ['th_refresh_token'] },
    auth: 'access_token',
    scopes: ['threads_basic'],
  },
  { id: 'threads.me', method: 'GET', path: '/me', page: USER_PAGE, allowed: ['fields'], auth: 'access_token', scopes: ['threads_basic'] },
  {
    id: 'threads.container.create',
    method: 'POST',
    path: '/{threads-user-id}/threads',
    page: POSTS_PAGE,
    params: 'form',
    required: ['media_type'],
    allowed: ['media_type', 'text', 'image_url', 'video_url', 'alt_text', 'is_carousel_item', 'children', 'reply_to_id', 'reply_control'],
    values: {
      media_type: ['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'],
      is_carousel_item: ['true', 'false'],
      reply_control: ['everyone', 'accounts_you_follow', 'mentioned_only', 'parent_post_author_only', 'followers_only'],
    },
    auth: 'access_token',
    scopes: ['threads_content_publish'],
  },
  {
    id: 'threads.publish',
    method: 'POST',
    path: '/{threads-user-id}/threads_publish',
    page: POSTS_PAGE,
    params: 'form',
    required: ['creation_id'],
    allowed: ['creation_id'],
    auth: 'access_token',
    scopes: ['threads_content_publish'],
  },
  {
    id: 'threads.user.threads',
    method: 'GET',
    path: '/{threads-user-id}/threads',
    page: RETRIEVE_PAGE,
    allowed: LISTING,
    auth: 'access_token',
    scopes: ['threads_basic'],
  },
  {
    id: 'threads.user.replies',
    method: 'GET',
    path: '/{threads-user-id}/replies',
    page: REPLIES_PAGE,
    allowed: LISTING,
    auth: 'access_token',
    scopes: ['threads_read_replies'],
  },
  {
    id: 'threads.user.publishingLimit',
    method: 'GET',
    path: '/{threads-user-id}/threads_publishing_limit',
    page: OVERVIEW_PAGE,
    allowed: ['fields'],
    auth: 'access_token',
    // The reply quota's fields need threads_manage_replies besides threads_basic and threads_content_publish.
    scopes: ['threads_manage_replies'],
  },
  {
    id: 'threads.media.replies',
    method: 'GET',
    path: '/{threads-media-id}/replies',
    page: REPLIES_PAGE,
    allowed: ['fields', 'reverse'],
    auth: 'access_token',
    scopes: ['threads_read_replies'],
  },
  {
    id: 'threads.media.insights',
    method: 'GET',
    path: '/{threads-media-id}/insights',
    page: INSIGHTS_PAGE,
    required: ['metric'],
    allowed: ['metric'],
    auth: 'access_token',
    scopes: ['threads_manage_insights'],
  },
  { id: 'threads.media', method: 'GET', path: '/{threads-media-id}', page: MEDIA_PAGE, allowed: ['fields'], auth: 'access_token', scopes: ['threads_basic'] },
];

export const THREADS_API = new DocumentedApi('Threads API v1.0 (its documentation, docs/platforms.md)', OPERATIONS, '/v1.0');
