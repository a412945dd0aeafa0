import { type Platform } from '../platform/Platform';
import { type GroupSnapshot } from './Group';
import { type MediaSnapshot } from './Media';
import { type ValidationProblems } from '../shared/ValidationProblems';
import { checkMediaForPlatform, type PlacedMedia } from './checkMediaForPlatform';
import { type MediaFacts } from '../media/MediaFacts';
import { type MediaStatus } from '../media/MediaItem';

/** What a post needs to know of a media item it names. */
export interface MediaInfo {
  readonly workspaceId: string;
  readonly status: MediaStatus;
  readonly failureReason: string | null;
  readonly facts: MediaFacts | null;
}

/** How posts learn about media without knowing where the library is stored. */
export type MediaLookup = (mediaId: string) => MediaInfo | undefined;

interface PostMedia {
  readonly groups: readonly GroupSnapshot[];
  readonly targets: readonly { readonly groupId: string; readonly platform: Platform }[];
}

/**
 * Every media item a post names must be the workspace's own and ready, a thumbnail an image,
 * and each target's group must fit its platform's media rules (docs/decisions.md, "Media").
 */
export function checkPostMedia(post: PostMedia, workspaceId: string, mediaOf: MediaLookup, problems: ValidationProblems): void {
  const readyFacts = new Map<string, MediaFacts>();
  for (const { path, media } of mediaOfPost(post.groups)) {
    const facts = readyItem(media.id, `${path}.id`, workspaceId, mediaOf, problems);
    if (facts !== null) readyFacts.set(media.id, facts);
    if (media.thumbnailMediaId === null) continue;
    const thumbnail = readyItem(media.thumbnailMediaId, `${path}.thumbnailMediaId`, workspaceId, mediaOf, problems);
    if (thumbnail !== null && thumbnail.kind !== 'image') problems.add(`${path}.thumbnailMediaId`, 'must name an image');
  }
  for (const target of post.targets) {
    const g = post.groups.findIndex((group) => group.id === target.groupId);
    post.groups[g]?.segments.forEach((segment, s) => {
      const path = `groups[${g}].segments[${s}].media`;
      const items: PlacedMedia[] = segment.media.flatMap((media, m) => {
        const facts = readyFacts.get(media.id);
        return facts === undefined ? [] : [{ path: `${path}[${m}]`, facts }];
      });
      checkMediaForPlatform({ path, items }, target.platform, problems);
    });
  }
}

/** Every media reference of the post with its request path. */
function* mediaOfPost(groups: readonly GroupSnapshot[]): Generator<{ path: string; media: MediaSnapshot }> {
  for (const [g, group] of groups.entries()) {
    for (const [s, segment] of group.segments.entries()) {
      for (const [m, media] of segment.media.entries()) yield { path: `groups[${g}].segments[${s}].media[${m}]`, media };
    }
  }
}

function readyItem(id: string, path: string, workspaceId: string, mediaOf: MediaLookup, problems: ValidationProblems): MediaFacts | null {
  const item = mediaOf(id);
  // One message for "missing" and "another workspace's": existence elsewhere must not leak.
  if (item === undefined || item.workspaceId !== workspaceId) {
    problems.add(path, 'does not name a media item of this workspace');
    return null;
  }
  if (item.status === 'processing') problems.add(path, 'is still processing; use it once its status is ready');
  else if (item.status === 'failed') problems.add(path, `failed (${item.failureReason ?? 'no reason recorded'}); upload it again`);
  return item.status === 'ready' ? item.facts : null;
}
