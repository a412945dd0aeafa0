/**
 * A comment's id as this connector records it: `{mediaId}:comment:{commentId}`, which names
 * the post it is on. Later segments are all comments on the first segment's post, while the
 * engine hands over the id of the segment just before: a media id for the second segment, a
 * comment id of this form (which names its post) for the ones after.
 */
export const commentId = (mediaId: string, comment: string): string => `${mediaId}:comment:${comment}`;

export function rootMediaId(previousId: string): string {
  const at = previousId.indexOf(':comment:');
  return at >= 0 ? previousId.slice(0, at) : previousId;
}
