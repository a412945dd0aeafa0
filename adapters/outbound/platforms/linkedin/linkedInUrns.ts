import { type LinkedInAuthor } from './LinkedInOptions';

export const personUrn = (memberId: string): string => `urn:li:person:${memberId}`;
export const organizationUrn = (organizationId: string): string => `urn:li:organization:${organizationId}`;

export function authorUrn(author: LinkedInAuthor): string {
  return author.organizationId ? organizationUrn(author.organizationId) : personUrn(author.memberId);
}

/** `urn:li:organization:123` → `123`; null for anything else. */
export function organizationIdOf(urn: string): string | null {
  return /^urn:li:organization:(\d+)$/.exec(urn)?.[1] ?? null;
}

/**
 * A comment's id as this connector records it: LinkedIn's comment URN form
 * `urn:li:comment:({postUrn},{commentId})`, which names the post it is on.
 */
export const commentUrn = (postUrn: string, commentId: string): string => `urn:li:comment:(${postUrn},${commentId})`;

/**
 * The post a segment's comment goes on. Later segments are comments on the first segment's
 * post, while the engine hands over the id of the segment just before: a post URN for the
 * second segment, a comment URN (which names its post) for the ones after.
 */
export function rootPostUrn(previousId: string): string {
  const comment = /^urn:li:comment:\((.+),[^,()]+\)$/.exec(previousId);
  return comment ? comment[1] : previousId;
}

export function postUrl(postUrn: string): string {
  return `https://www.linkedin.com/feed/update/${postUrn}`;
}

export function commentUrl(postUrn: string, comment: string): string {
  return `${postUrl(postUrn)}?commentUrn=${encodeURIComponent(comment)}`;
}
