import { Post } from '../../../../../domain/post/Post';
import { type PostSnapshot } from '../../../../../domain/post/PostSnapshot';
import { POST_SOURCES, POST_STATUSES, type ReviewableIntent } from '../../../../../domain/post/PostStatus';
import { type PostReviewRow } from '../schemas/PostReviewSchema';
import { type PostRow } from '../schemas/PostSchema';
import { type PostTargetRow } from '../schemas/PostTargetSchema';
import { readGroupsDocument, writeGroupsDocument } from './PostGroupsDocument';
import { PostReviewMapper } from './PostReviewMapper';
import { PostTargetMapper } from './PostTargetMapper';
import { RowMappingError, requireCount, requireDate, requireOneOf } from './RowMappingError';

const REVIEWABLE_INTENTS: readonly ReviewableIntent[] = ['schedule', 'publish_now'];

/** The rows one post is stored as: the post itself, its targets in order, the reviews decided since it was loaded. */
export interface PostRows {
  post: PostRow;
  targets: PostTargetRow[];
  newReviews: PostReviewRow[];
}

export const PostMapper = {
  /** `targets` in position order, all of this post. */
  toDomain(row: PostRow, targets: readonly PostTargetRow[]): Post {
    return Post.rehydrate(PostMapper.toSnapshot(row, targets));
  },

  /** The stored post as the domain knows it; every stored value is checked. */
  toSnapshot(row: PostRow, targets: readonly PostTargetRow[]): PostSnapshot {
    const where = { table: 'posts', key: row.id };
    const strangers = targets.filter((child) => child.postId !== row.id);
    if (strangers.length > 0) throw new RowMappingError('posts', row.id, `was handed rows of post ${strangers[0]!.postId}`);
    return {
      id: row.id,
      workspaceId: row.workspaceId,
      authorUserId: row.authorUserId ?? null,
      status: requireOneOf(POST_STATUSES, row.status, { ...where, column: 'status' }),
      groups: readGroupsDocument(row.groups, row.id),
      targets: targets.map(PostTargetMapper.toSnapshot),
      source: requireOneOf(POST_SOURCES, row.source, { ...where, column: 'source' }),
      externalSubmissionId: row.externalSubmissionId ?? null,
      requestedIntent:
        row.requestedIntent === null || row.requestedIntent === undefined
          ? null
          : requireOneOf(REVIEWABLE_INTENTS, row.requestedIntent, { ...where, column: 'requested_intent' }),
      createdAt: requireDate(row.createdAt, { ...where, column: 'created_at' }),
      updatedAt: requireDate(row.updatedAt, { ...where, column: 'updated_at' }),
      version: requireCount(row.version, { ...where, column: 'version' }),
    };
  },

  toRows(post: Post): PostRows {
    const s = post.toSnapshot();
    return {
      post: {
        id: s.id,
        workspaceId: s.workspaceId,
        authorUserId: s.authorUserId,
        status: s.status,
        source: s.source,
        externalSubmissionId: s.externalSubmissionId,
        requestedIntent: s.requestedIntent,
        groups: writeGroupsDocument(s.groups),
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        // The version this save writes.
        version: s.version + 1,
      },
      targets: s.targets.map((t, position) => PostTargetMapper.toRow(t, s, position)),
      newReviews: post.unsavedReviews.map((r) => PostReviewMapper.toRow(r, s.id)),
    };
  },
};
