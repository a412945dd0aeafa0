import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { POST_OPERATIONS } from '../../../adapters/inbound/http/operations/postOperations';
import { POST_REVIEW_OPERATIONS } from '../../../adapters/inbound/http/operations/postReviewOperations';
import { POST_TARGET_OPERATIONS } from '../../../adapters/inbound/http/operations/postTargetOperations';
import { POSTS_CSV_OPERATIONS } from '../../../adapters/inbound/http/operations/postsCsvOperations';
import { POSTS_VALIDATE_OPERATIONS } from '../../../adapters/inbound/http/operations/postsValidateOperations';
import { ChangePostLifecycle } from '../../../application/posts/ChangePostLifecycle';
import { ImportPosts } from '../../../application/posts/ImportPosts';
import { PostRehearsal } from '../../../application/posts/PostRehearsal';
import { PostStore } from '../../../application/posts/PostStore';
import { PostWarnings } from '../../../application/posts/PostWarnings';
import { ReadPosts } from '../../../application/posts/ReadPosts';
import { ValidatePost } from '../../../application/posts/ValidatePost';
import { WritePosts } from '../../../application/posts/WritePosts';
import { type Capability } from '../Capability';
import { MEDIA_TOKENS } from '../media/media';
import { SCHEDULE_TOKENS } from '../schedules/schedules';
import { CONNECTION_TOKENS } from '../connections/connections';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** Posts: written, read, reviewed, rehearsed (dry runs) and imported from CSV (docs/posts.md). */
export const POST_TOKENS = {
  ReadPosts: token<ReadPosts>('ReadPosts'),
  WritePosts: token<WritePosts>('WritePosts'),
  ChangePostLifecycle: token<ChangePostLifecycle>('ChangePostLifecycle'),
  /** Dry runs and CSV imports of posts.create (docs/posts-import-export.md). */
  PostRehearsal: token<PostRehearsal>('PostRehearsal'),
  PostWarnings: token<PostWarnings>('PostWarnings'),
  ValidatePost: token<ValidatePost>('ValidatePost'),
  ImportPosts: token<ImportPosts>('ImportPosts'),
};

const T = { ...CORE_TOKENS, ...MEDIA_TOKENS, ...SCHEDULE_TOKENS, ...CONNECTION_TOKENS, ...POST_TOKENS };

/**
 * Posts: the store every change goes through (its events handed to the sink in the same unit of
 * work, its targets' jobs queued), the use cases, and the JSON and CSV operations on them.
 */
export const POSTS: Capability = {
  name: 'posts',
  bind({ wiring: w }) {
    w.construct(T.PostStore, PostStore, [T.PostRepository, T.ConnectionRepository, T.PublishQueue, T.UnitOfWork, T.MediaRepository, T.EventSink, T.QueueSlots]);
    w.construct(T.ReadPosts, ReadPosts, [T.PostViews, T.PostRepository]);
    w.construct(T.WritePosts, WritePosts, [T.PostStore, T.IdGenerator, T.Clock, T.QueuedTargets]);
    w.construct(T.PostRehearsal, PostRehearsal, [T.WritePosts, T.PostStore]);
    w.construct(T.PostWarnings, PostWarnings, [T.ConnectionRepository, T.AttemptLog, T.PostViews]);
    w.construct(T.ValidatePost, ValidatePost, [T.PostRehearsal, T.PostWarnings, T.Clock]);
    w.construct(T.ImportPosts, ImportPosts, [T.WritePosts, T.PostStore, T.PostRehearsal]);
    w.construct(T.ChangePostLifecycle, ChangePostLifecycle, [T.PostStore, T.IdGenerator, T.Clock]);
  },
  routes(get) {
    const posts = { read: get(T.ReadPosts), write: get(T.WritePosts), lifecycle: get(T.ChangePostLifecycle), logger: get(T.Logger) };
    return {
      api: [
        apiRouter(POST_OPERATIONS, posts),
        apiRouter(POSTS_VALIDATE_OPERATIONS, get(T.ValidatePost)),
        apiRouter(POST_TARGET_OPERATIONS, posts),
        apiRouter(POST_REVIEW_OPERATIONS, posts),
      ],
      csv: [
        apiRouter(
          POSTS_CSV_OPERATIONS,
          { import: get(T.ImportPosts), read: get(T.ReadPosts), connections: get(T.ListConnections), logger: get(T.Logger) },
          'csv',
        ),
      ],
    };
  },
};
