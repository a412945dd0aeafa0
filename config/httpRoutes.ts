import { type ApiRoutes } from '../adapters/inbound/http/RouteKit';
import { API_KEY_OPERATIONS } from '../adapters/inbound/http/operations/apiKeyOperations';
import { CONNECTION_OPERATIONS } from '../adapters/inbound/http/operations/connectionOperations';
import { ME_OPERATIONS } from '../adapters/inbound/http/operations/meOperations';
import { POST_OPERATIONS } from '../adapters/inbound/http/operations/postOperations';
import { POST_REVIEW_OPERATIONS } from '../adapters/inbound/http/operations/postReviewOperations';
import { POST_TARGET_OPERATIONS } from '../adapters/inbound/http/operations/postTargetOperations';
import { POSTS_CSV_OPERATIONS } from '../adapters/inbound/http/operations/postsCsvOperations';
import { POSTS_VALIDATE_OPERATIONS } from '../adapters/inbound/http/operations/postsValidateOperations';
import { TARGET_ATTEMPT_OPERATIONS } from '../adapters/inbound/http/operations/targetAttemptOperations';
import { apiRouter } from '../adapters/inbound/http/operations/apiRouter';
import { capabilityRoutes } from './capabilities/capabilities';
import { type Composition } from './container';
import { TOKENS as T } from './tokens';

/**
 * The JSON API: each capability's declared operations (adapters/inbound/http/operations/)
 * with the use cases they call; those of config/capabilities/ mount their own.
 */
export function apiRoutes({ get }: Composition): ApiRoutes[] {
  const posts = { read: get(T.ReadPosts), write: get(T.WritePosts), lifecycle: get(T.ChangePostLifecycle), logger: get(T.Logger) };
  return [
    apiRouter(ME_OPERATIONS, { getCurrentUser: get(T.GetCurrentUser), listMyWorkspaces: get(T.ListMyWorkspaces) }),
    apiRouter(CONNECTION_OPERATIONS, {
      list: get(T.ListConnections),
      connectWithAppPassword: get(T.ConnectWithAppPassword),
      authorize: get(T.AuthorizeConnection),
      choosePublishAs: get(T.ChoosePublishAs),
      disconnect: get(T.DisconnectConnection),
      platforms: get(T.ListPlatforms),
    }),
    apiRouter(API_KEY_OPERATIONS, get(T.ManageApiKeys)),
    apiRouter(POST_OPERATIONS, posts),
    apiRouter(POSTS_VALIDATE_OPERATIONS, get(T.ValidatePost)),
    apiRouter(POST_TARGET_OPERATIONS, posts),
    apiRouter(POST_REVIEW_OPERATIONS, posts),
    apiRouter(TARGET_ATTEMPT_OPERATIONS, get(T.ListTargetAttempts)),
    ...capabilityRoutes(get, 'api'),
  ];
}

/** The API's routers whose request bodies stream (the upload surface, docs/surfaces.md). */
export function uploadRoutes({ get }: Composition): ApiRoutes[] {
  return capabilityRoutes(get, 'uploads');
}

/** The API's routers whose bodies or answers are CSV files: the CSV surface (docs/surfaces.md). */
export function csvRoutes({ get }: Composition): ApiRoutes[] {
  return [
    apiRouter(POSTS_CSV_OPERATIONS, { import: get(T.ImportPosts), read: get(T.ReadPosts), connections: get(T.ListConnections), logger: get(T.Logger) }, 'csv'),
  ];
}
