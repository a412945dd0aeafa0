import { DocumentedApi, type DocumentedOperation } from './kit/documentedApi';

const LONG_LIVED = 'https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived';
const POSTS = 'https://developers.facebook.com/docs/pages-api/posts';
const GETTING_STARTED = 'https://developers.facebook.com/docs/pages-api/getting-started';
const TOKEN_SWITCH = 'https://developers.facebook.com/documentation/business-sdk/common-scenarios/token-switch';
const FEED = 'https://developers.facebook.com/docs/graph-api/reference/page/feed';
const PHOTOS = 'https://developers.facebook.com/docs/graph-api/reference/page/photos';
const VIDEOS = 'https://developers.facebook.com/docs/graph-api/reference/page/videos';
const PUBLISHED_POSTS = 'https://developers.facebook.com/docs/graph-api/reference/page/published_posts';
const COMMENTS = 'https://developers.facebook.com/docs/graph-api/reference/object/comments';
const COMMENTS_GUIDE = 'https://developers.facebook.com/documentation/pages-api/comments-mentions';
const POST = 'https://developers.facebook.com/docs/graph-api/reference/post/';
const POST_INSIGHTS = 'https://developers.facebook.com/docs/graph-api/reference/post/insights/';
/** docs/platforms.md marks these "not retrieved": the row is the Graph API's user node and permissions edge as the connector relies on them. */
const USER = 'https://developers.facebook.com/docs/graph-api/reference/user';

/** Graph API's time-based and cursor paging, on every list edge. */
const PAGING = ['limit', 'since', 'until', 'after', 'before'];

/**
 * Facebook Pages' Graph API as docs/platforms.md's table reads its documentation (Facebook
 * publishes no machine-readable description), each row citing its page; the version is the
 * path's prefix.
 */
const OPERATIONS: readonly DocumentedOperation[] = [
  {
    id: 'oauth.accessToken',
    method: 'GET',
    path: '/oauth/access_token',
    page: LONG_LIVED,
    required: ['client_id', 'client_secret'],
    allowed: ['client_id', 'client_secret', 'redirect_uri', 'code', 'grant_type', 'fb_exchange_token'],
    values: { grant_type: ['fb_exchange_token'] },
    auth: 'client',
  },
  { id: 'user.permissions', method: 'GET', path: '/me/permissions', page: USER, allowed: [], auth: 'access_token' },
  { id: 'user.permissions.delete', method: 'DELETE', path: '/me/permissions', page: USER, allowed: [], auth: 'access_token' },
  {
    id: 'user.accounts',
    method: 'GET',
    path: '/me/accounts',
    page: GETTING_STARTED,
    allowed: ['fields', ...PAGING],
    auth: 'access_token',
    scopes: ['pages_show_list'],
  },
  { id: 'user.get', method: 'GET', path: '/me', page: USER, allowed: ['fields'], auth: 'access_token' },
  {
    id: 'page.feed',
    method: 'POST',
    path: '/{page-id}/feed',
    page: FEED,
    params: 'json',
    allowed: ['message', 'link', 'published', 'scheduled_publish_time', 'attached_media'],
    auth: 'access_token',
    scopes: ['pages_manage_posts'],
  },
  {
    id: 'page.photos',
    method: 'POST',
    path: '/{page-id}/photos',
    page: PHOTOS,
    params: 'json',
    required: ['url'],
    allowed: ['url', 'caption', 'published', 'alt_text_custom'],
    auth: 'access_token',
    scopes: ['pages_manage_posts'],
  },
  {
    id: 'page.videos',
    method: 'POST',
    path: '/{page-id}/videos',
    page: VIDEOS,
    params: 'json',
    allowed: ['file_url', 'description', 'title', 'published'],
    auth: 'access_token',
    scopes: ['pages_manage_posts'],
  },
  {
    id: 'page.videos.list',
    method: 'GET',
    path: '/{page-id}/videos',
    page: VIDEOS,
    allowed: ['fields', 'type', ...PAGING],
    auth: 'access_token',
    scopes: ['pages_read_engagement'],
  },
  {
    id: 'page.publishedPosts',
    method: 'GET',
    path: '/{page-id}/published_posts',
    page: PUBLISHED_POSTS,
    allowed: ['fields', ...PAGING],
    auth: 'access_token',
    scopes: ['pages_read_engagement'],
  },
  {
    id: 'object.comments',
    method: 'POST',
    path: '/{object-id}/comments',
    page: COMMENTS_GUIDE,
    params: 'json',
    required: ['message'],
    allowed: ['message', 'attachment_url', 'attachment_id'],
    auth: 'access_token',
    scopes: ['pages_manage_engagement'],
  },
  {
    id: 'object.comments.list',
    method: 'GET',
    path: '/{object-id}/comments',
    page: COMMENTS,
    allowed: ['fields', 'filter', 'order', 'summary', ...PAGING],
    values: { filter: ['toplevel', 'stream'], order: ['chronological', 'reverse_chronological'] },
    auth: 'access_token',
    scopes: ['pages_read_engagement'],
  },
  {
    id: 'post.insights',
    method: 'GET',
    path: '/{post-id}/insights',
    page: POST_INSIGHTS,
    required: ['metric'],
    allowed: ['metric', 'period', 'since', 'until', 'date_preset', 'breakdown'],
    auth: 'access_token',
    scopes: ['read_insights'],
  },
  // A Page post's fields (`{page-id}_{post-id}`, POST), its totals read as fields: `reactions.summary(total_count)` as
  // https://developers.facebook.com/docs/graph-api/reference/object/reactions reads them, on a post or a video alike.
  { id: 'post.get', method: 'GET', path: '/{page-id}_{post-id}', page: POST, allowed: ['fields'], auth: 'access_token', scopes: ['pages_read_engagement'] },
  // A Page's token (asked for with the person's: TOKEN_SWITCH), a video's status (POSTS' video status example), or a video's totals: the node reads.
  { id: 'node.get', method: 'GET', path: '/{node-id}', page: TOKEN_SWITCH, allowed: ['fields'], auth: 'access_token' },
];

export const FACEBOOK_GRAPH = new DocumentedApi(`Facebook Graph API v25.0 (its documentation, docs/platforms.md; ${POSTS})`, OPERATIONS, '/v25.0');
