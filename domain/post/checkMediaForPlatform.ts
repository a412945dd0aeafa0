import { mediaRulesOf, type Platform } from '../platform/Platform';
import { type ValidationProblems } from '../shared/ValidationProblems';
import { type MediaFacts, type MediaKind } from '../media/MediaFacts';
import { type MediaKindRules, type MediaRules } from '../media/MediaRules';
import { formatBytes, formatDuration } from '../media/MediaUnits';

/** One known, ready media item of a segment, with its request path (`groups[0].segments[1].media[0]`). */
export interface PlacedMedia {
  readonly path: string;
  readonly facts: MediaFacts;
}

/** A segment's media: the path of its `media` array and its items, in order. */
export interface SegmentMedia {
  readonly path: string;
  readonly items: readonly PlacedMedia[];
}

/**
 * Checks one segment's media against a platform's media rules (its descriptor): each item's
 * kind, type, size, duration and aspect ratio, then the segment's mix and count. Messages
 * name the platform and the limit, as one group may go to several platforms.
 */
export function checkMediaForPlatform(segment: SegmentMedia, platform: Platform, problems: ValidationProblems): void {
  const rules = mediaRulesOf(platform);
  for (const item of segment.items) checkItem(item, rules, platform, problems);
  checkSegment(segment, rules, platform, problems);
}

function checkItem({ path, facts }: PlacedMedia, rules: MediaRules, platform: Platform, problems: ValidationProblems): void {
  const kindRules = rules.kinds[facts.kind];
  if (kindRules === undefined) {
    problems.add(path, `is ${withArticle(facts.kind)}; ${platform} accepts only ${acceptedKinds(rules)}`);
    return;
  }
  const kindName = `${facts.kind}s`;
  if (!kindRules.mimeTypes.includes(facts.mimeType)) {
    problems.add(
      path,
      `${platform} does not accept ${typeLabel(facts.mimeType)} ${kindName} (${facts.mimeType}); it accepts ${kindRules.mimeTypes.join(', ')}`,
    );
  }
  if (facts.sizeBytes > kindRules.maxBytes) {
    problems.add(path, `is ${formatBytes(facts.sizeBytes)}; ${platform} allows at most ${formatBytes(kindRules.maxBytes)} for ${kindName}`);
  }
  checkDuration(path, facts, kindRules, kindName, platform, problems);
  checkAspectRatio(path, facts, kindRules, kindName, platform, problems);
}

function checkDuration(path: string, facts: MediaFacts, rules: MediaKindRules, kindName: string, platform: Platform, problems: ValidationProblems): void {
  const seconds = facts.durationSeconds;
  if (seconds === null) return;
  if (rules.maxDurationSeconds !== undefined && seconds > rules.maxDurationSeconds) {
    problems.add(path, `is ${formatDuration(seconds)} long; ${platform} allows at most ${formatDuration(rules.maxDurationSeconds)} for ${kindName}`);
  }
  if (rules.minDurationSeconds !== undefined && seconds < rules.minDurationSeconds) {
    problems.add(path, `is ${formatDuration(seconds)} long; ${platform} needs at least ${formatDuration(rules.minDurationSeconds)} for ${kindName}`);
  }
}

function checkAspectRatio(path: string, facts: MediaFacts, rules: MediaKindRules, kindName: string, platform: Platform, problems: ValidationProblems): void {
  if (rules.aspectRatio === undefined || facts.width <= 0 || facts.height <= 0) return;
  const { min, max } = rules.aspectRatio;
  const ratio = facts.width / facts.height;
  if (ratio < min || ratio > max) {
    problems.add(
      path,
      `has an aspect ratio of ${ratio.toFixed(2)} (${facts.width}×${facts.height}); ${platform} accepts ${min.toFixed(2)} to ${max.toFixed(2)} for ${kindName}`,
    );
  }
}

function checkSegment({ path, items }: SegmentMedia, rules: MediaRules, platform: Platform, problems: ValidationProblems): void {
  const hasVideo = items.some((i) => i.facts.kind === 'video');
  const hasImage = items.some((i) => i.facts.kind === 'image');
  if (hasVideo && hasImage && !rules.mixedKinds) {
    problems.add(path, `mixes images and videos; ${platform} does not allow both in one post`);
  } else if (hasVideo && items.length > 1 && rules.videoAlone) {
    problems.add(path, `holds ${items.length} items including a video; ${platform} allows a video only on its own`);
  }
  if (rules.maxItemsPerPost !== null && items.length > rules.maxItemsPerPost) {
    problems.add(path, `holds ${items.length} items; ${platform} allows at most ${rules.maxItemsPerPost} in one post`);
  }
}

const withArticle = (kind: MediaKind): string => (kind === 'image' ? 'an image' : 'a video');

const acceptedKinds = (rules: MediaRules): string => (Object.keys(rules.kinds) as MediaKind[]).map((kind) => `${kind}s`).join(' and ') || 'no media';

const TYPE_LABELS: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
};

const typeLabel = (mimeType: string): string => TYPE_LABELS[mimeType] ?? mimeType;
