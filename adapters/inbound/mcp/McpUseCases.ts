import { type PostFigures } from '../../../application/analytics/PostFigures';
import { type AuthorizeWorkspace } from '../../../application/auth/AuthorizeWorkspace';
import { type CallerScopes } from '../../../application/auth/CallerScopes';
import { type ListConnections } from '../../../application/connections/ListConnections';
import { type ListPlatforms } from '../../../application/connections/ListPlatforms';
import { type ImportMedia } from '../../../application/media/ImportMedia';
import { type MediaLinks } from '../../../application/media/MediaLinks';
import { type ReadMedia } from '../../../application/media/ReadMedia';
import { type ListMyWorkspaces } from '../../../application/me/ListMyWorkspaces';
import { type Logger } from '../../../application/ports/Logger';
import { type ChangePostLifecycle } from '../../../application/posts/ChangePostLifecycle';
import { type ReadPosts } from '../../../application/posts/ReadPosts';
import { type WritePosts } from '../../../application/posts/WritePosts';
import { type ReplaySettings } from './toolReplays';
import { type ListTargetAttempts } from '../../../application/publishing/ListTargetAttempts';

/**
 * The use cases behind the MCP server's tools, resources and prompt: the very ones the JSON
 * API's routers call (config/httpRoutes.ts), handed over by the composition root.
 */
export interface McpUseCases {
  readonly authorize: AuthorizeWorkspace;
  readonly scopes: CallerScopes;
  readonly workspaces: ListMyWorkspaces;
  readonly connections: ListConnections;
  readonly platforms: ListPlatforms;
  readonly posts: { readonly read: ReadPosts; readonly write: WritePosts; readonly lifecycle: ChangePostLifecycle };
  readonly attempts: ListTargetAttempts;
  readonly media: { readonly import: ImportMedia; readonly read: ReadMedia; readonly links: MediaLinks };
  readonly figures: PostFigures;
}

/** How long import_media waits for an item to be ready, and how often it looks. */
export interface McpSettings {
  readonly mediaWaitMs: number;
  readonly mediaPollMs: number;
}

export interface McpContext {
  readonly useCases: McpUseCases;
  /** Where writing tools keep their first answers, for calls retried with the same idempotencyKey. */
  readonly replays: ReplaySettings;
  readonly settings: McpSettings;
  readonly logger: Logger;
}
