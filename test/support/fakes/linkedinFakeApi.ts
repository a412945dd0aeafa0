import { DocumentedApi, type DocumentedOperation } from './kit/documentedApi';
import { type RequestChecker, type SeenRequest, type Violation } from './kit/RequestChecker';

const POSTS_PAGE = 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api';
const COMMENTS_PAGE = 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/comments-api';
const IMAGES_PAGE = 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api';
const VIDEOS_PAGE = 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/videos-api';
const ACL_PAGE = 'https://learn.microsoft.com/en-us/linkedin/compliance/integrations/organizations/organization-access-control';
const STATISTICS_PAGE = 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/share-statistics';
const TOKENS_PAGE = 'https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens';
/** docs/platforms.md's rows whose page could not be retrieved: what the connector relies on. */
const NOT_RETRIEVED = 'docs/platforms.md, LinkedIn (page not retrieved)';

const WRITE = ['w_member_social', 'w_organization_social'];
const READ = ['r_member_social', 'r_organization_social'];
const ORGANIZATION_ADMIN = ['rw_organization_admin', 'r_organization_admin'];

/**
 * LinkedIn's APIs as docs/platforms.md's table reads its pages (LinkedIn publishes no
 * machine-readable description): OAuth on www.linkedin.com, userinfo, and the versioned REST
 * resources. Rest.li puts a finder's or an action's name in the query (`q`, `action`).
 */
const OPERATIONS: readonly DocumentedOperation[] = [
  {
    id: 'linkedin.oauth.token',
    method: 'POST',
    path: '/oauth/v2/accessToken',
    page: TOKENS_PAGE,
    params: 'form',
    required: ['grant_type', 'client_id', 'client_secret'],
    allowed: ['grant_type', 'code', 'redirect_uri', 'refresh_token', 'client_id', 'client_secret'],
    values: { grant_type: ['authorization_code', 'refresh_token'] },
    auth: 'client',
  },
  {
    id: 'linkedin.oauth.revoke',
    method: 'POST',
    path: '/oauth/v2/revoke',
    page: NOT_RETRIEVED,
    params: 'form',
    required: ['client_id', 'client_secret', 'token'],
    allowed: ['client_id', 'client_secret', 'token'],
    auth: 'client',
  },
  { id: 'linkedin.userinfo', method: 'GET', path: '/v2/userinfo', page: NOT_RETRIEVED, allowed: [], auth: 'bearer', scopes: ['openid', 'profile'] },
  {
    id: 'linkedin.organizationAcls.byRoleAssignee',
    method: 'GET',
    path: '/rest/organizationAcls',
    page: ACL_PAGE,
    required: ['q'],
    allowed: ['q', 'role', 'state', 'start', 'count'],
    values: { q: ['roleAssignee'], state: ['APPROVED', 'REJECTED', 'REQUESTED', 'REVOKED'] },
    auth: 'bearer',
    scopes: ORGANIZATION_ADMIN,
  },
  { id: 'linkedin.organizations.get', method: 'GET', path: '/rest/organizations/{id}', page: NOT_RETRIEVED, allowed: [], auth: 'bearer' },
  {
    id: 'linkedin.images.initializeUpload',
    method: 'POST',
    path: '/rest/images',
    page: IMAGES_PAGE,
    params: 'json',
    required: ['action', 'initializeUploadRequest'],
    allowed: ['action', 'initializeUploadRequest'],
    values: { action: ['initializeUpload'] },
    auth: 'bearer',
    scopes: WRITE,
  },
  {
    id: 'linkedin.videos.action',
    method: 'POST',
    path: '/rest/videos',
    page: VIDEOS_PAGE,
    params: 'json',
    required: ['action'],
    allowed: ['action', 'initializeUploadRequest', 'finalizeUploadRequest'],
    values: { action: ['initializeUpload', 'finalizeUpload'] },
    auth: 'bearer',
    scopes: WRITE,
  },
  { id: 'linkedin.videos.get', method: 'GET', path: '/rest/videos/{urn}', page: VIDEOS_PAGE, allowed: [], auth: 'bearer', scopes: WRITE },
  {
    id: 'linkedin.posts.create',
    method: 'POST',
    path: '/rest/posts',
    page: POSTS_PAGE,
    params: 'json',
    required: ['author', 'visibility', 'distribution', 'lifecycleState'],
    allowed: [
      'author',
      'commentary',
      'visibility',
      'distribution',
      'content',
      'lifecycleState',
      'isReshareDisabledByAuthor',
      'contentLandingPage',
      'container',
    ],
    values: { visibility: ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'], lifecycleState: ['PUBLISHED', 'DRAFT'] },
    auth: 'bearer',
    scopes: WRITE,
  },
  {
    id: 'linkedin.posts.byAuthor',
    method: 'GET',
    path: '/rest/posts',
    page: POSTS_PAGE,
    required: ['q', 'author'],
    allowed: ['q', 'author', 'start', 'count', 'sortBy', 'viewContext'],
    values: { q: ['author'], sortBy: ['LAST_MODIFIED', 'CREATED'] },
    auth: 'bearer',
    scopes: READ,
  },
  {
    id: 'linkedin.posts.get',
    method: 'GET',
    path: '/rest/posts/{urn}',
    page: POSTS_PAGE,
    allowed: ['viewContext'],
    auth: 'bearer',
    scopes: READ,
  },
  {
    // Lifetime statistics of the posts named (no timeIntervals); ADMINISTRATORs of the organization only.
    id: 'linkedin.organizationalEntityShareStatistics',
    method: 'GET',
    path: '/rest/organizationalEntityShareStatistics',
    page: STATISTICS_PAGE,
    required: ['q', 'organizationalEntity'],
    allowed: ['q', 'organizationalEntity', 'shares', 'ugcPosts', 'timeIntervals'],
    values: { q: ['organizationalEntity'] },
    auth: 'bearer',
    scopes: ['rw_organization_admin'],
  },
  {
    id: 'linkedin.comments.create',
    method: 'POST',
    path: '/rest/socialActions/{urn}/comments',
    page: COMMENTS_PAGE,
    params: 'json',
    required: ['actor', 'object', 'message'],
    allowed: ['actor', 'object', 'message', 'parentComment', 'content'],
    auth: 'bearer',
    scopes: WRITE,
  },
  {
    id: 'linkedin.comments.list',
    method: 'GET',
    path: '/rest/socialActions/{urn}/comments',
    page: COMMENTS_PAGE,
    allowed: ['start', 'count'],
    auth: 'bearer',
    scopes: READ,
  },
];

const DOCUMENTED = new DocumentedApi('LinkedIn REST API (its documentation, docs/platforms.md)', OPERATIONS);

/**
 * The table's checks, and the headers every versioned REST call must carry (docs/platforms.md,
 * LinkedIn: `LinkedIn-Version: YYYYMM`, `X-Restli-Protocol-Version: 2.0.0`), and a JSON body's type.
 */
export const LINKEDIN_API: RequestChecker = {
  name: DOCUMENTED.name,
  check(request: SeenRequest, grantedScopes: readonly string[] | null) {
    const { operation, violations } = DOCUMENTED.check(request, grantedScopes);
    if (operation === null || !request.path.startsWith('/rest/')) return { operation, violations };
    const rule = (field: string, text: string): Violation => ({ operation, field, rule: `${text} (${POSTS_PAGE})` });
    const headers: Violation[] = [];
    if (!/^\d{6}$/.test(String(request.headers['linkedin-version'] ?? ''))) headers.push(rule('header.LinkedIn-Version', 'required, as YYYYMM'));
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') headers.push(rule('header.X-Restli-Protocol-Version', 'must be 2.0.0'));
    if (request.method === 'POST' && !String(request.headers['content-type'] ?? '').startsWith('application/json'))
      headers.push(rule('header.Content-Type', 'must be application/json'));
    return { operation, violations: [...violations, ...headers] };
  },
  checkAnswer: () => [],
};
