/**
 * How this connector names what it published. A post's id is Meta's (`{page-id}_{post-id}`,
 * or a video's id). A comment's id names the post it is on as well,
 * `{post-id}/comments/{comment-id}`, because later segments all comment on the first
 * segment's post while the engine hands over the id of the segment just before.
 */
const COMMENT = /^(.+)\/comments\/([^/]+)$/;

export const commentPlatformId = (postId: string, commentId: string): string => `${postId}/comments/${commentId}`;

/** The post a later segment comments on: the previous segment's post, or the post its comment is on. */
export function rootPostId(previousId: string): string {
  return COMMENT.exec(previousId)?.[1] ?? previousId;
}

export const postUrl = (postId: string): string => `https://www.facebook.com/${postId}`;

export const commentUrl = (postId: string, commentId: string): string => `${postUrl(postId)}?comment_id=${encodeURIComponent(commentId)}`;
