import { type PostSnapshot } from '../../../../domain/post/PostSnapshot';
import { type TargetSnapshot } from '../../../../domain/post/Target';
import { LIST_SEPARATOR, MEDIA_SEGMENT_SEPARATOR, type PostCsvColumn } from './postsCsvFormat';
import { joinSegments } from './segmentText';

/**
 * A post as the row posts.import reads back as the same post (docs/posts-import-export.md,
 * "What a round trip keeps"): its default group's segments and media, every target's
 * connection, time and settings, and the intent that brings it back to where it waits.
 */
export function postCsvRow(post: PostSnapshot): Record<PostCsvColumn, string> {
  const group = post.groups.find((g) => g.isDefault) ?? post.groups[0];
  const segments = group?.segments ?? [];
  const mediaLists = segments.map((s) => s.media.map((m) => m.id).join(LIST_SEPARATOR));
  while (mediaLists.length > 0 && mediaLists[mediaLists.length - 1] === '') mediaLists.pop();
  return {
    text: joinSegments(segments.map((s) => s.text)),
    targets: post.targets.map((t) => t.connectionId).join(LIST_SEPARATOR),
    scheduledAt: timesCell(post.targets),
    intent: intentOf(post),
    media: mediaLists.join(MEDIA_SEGMENT_SEPARATOR),
    settings: settingsCell(post.targets),
  };
}

/** One time when every target shares it, else one per target in the order of `targets`. */
function timesCell(targets: readonly TargetSnapshot[]): string {
  const times = targets.map((t) => t.scheduledAt?.toISOString() ?? '');
  return times.every((time) => time === times[0]) ? (times[0] ?? '') : times.join(LIST_SEPARATOR);
}

/**
 * What brings the post back to where it waits: a draft stays a draft, a scheduled post (or one
 * in review that was to be scheduled) is scheduled again. A post that has begun publishing, or
 * was to be published at once, comes back as a draft: importing a file never publishes a post
 * a second time.
 */
function intentOf(post: PostSnapshot): string {
  if (post.status === 'scheduled') return 'schedule';
  if ((post.status === 'pending_review' || post.status === 'changes_requested') && post.requestedIntent === 'schedule') return 'schedule';
  return 'draft';
}

/**
 * Each target's settings values, by platform where that platform's targets agree, else by
 * connection id (two accounts on one platform with different settings). Empty values are left
 * out: an import gives a target without an entry empty values.
 */
function settingsCell(targets: readonly TargetSnapshot[]): string {
  const entries: [string, unknown][] = [];
  const byPlatform = new Map<string, TargetSnapshot[]>();
  for (const t of targets) byPlatform.set(t.settings.platform, [...(byPlatform.get(t.settings.platform) ?? []), t]);
  for (const [platform, ofPlatform] of byPlatform) {
    const values = ofPlatform.map((t) => canonical(t.settings.values));
    if (values.every((v) => v === values[0])) entries.push([platform, ofPlatform[0]!.settings.values]);
    else for (const t of ofPlatform) entries.push([t.connectionId, t.settings.values]);
  }
  const kept = entries.filter(([, values]) => Object.keys(values as object).length > 0);
  return kept.length === 0 ? '' : JSON.stringify(Object.fromEntries(kept));
}

/** JSON with its keys sorted (settings values are flat): two values objects compare equal whatever their keys' order. */
const canonical = (values: object): string => JSON.stringify(values, Object.keys(values).sort());
