import { capabilitiesOf, type Platform } from '../platform/Platform';
import { describeUnit, measureText } from '../platform/TextLength';
import { type Group } from './Group';
import { type ValidationProblems } from '../shared/ValidationProblems';

/**
 * Checks that a group can be published on a platform (its descriptor's capabilities).
 * Messages name the platform: one group used by two platforms may break either's rules.
 */
export function checkGroupForPlatform(group: Group, groupPath: string, platform: Platform, problems: ValidationProblems): void {
  const caps = capabilitiesOf(platform);
  const segments = group.segments;

  if (segments.length > 1 && caps.followUpSegments === 'refused') {
    problems.add(
      `${groupPath}.segments`,
      `${platform} has neither threads nor comments, so a group sent there must have one segment (found ${segments.length})`,
    );
  }

  // The first segment becomes the platform's post; a video or image in a later comment
  // would not satisfy a platform that publishes media.
  const first = segments[0];
  if (caps.requiresMedia && first !== undefined && !first.hasMedia) {
    problems.add(`${groupPath}.segments[0].media`, `${platform} needs at least one media item in the first segment`);
  }

  segments.forEach((segment, i) => {
    const path = `${groupPath}.segments[${i}]`;
    const length = measureText(segment.text, caps.textUnit);
    if (length > caps.textLimit) {
      problems.add(`${path}.text`, `is ${length} ${describeUnit(caps.textUnit)}; ${platform} allows at most ${caps.textLimit}`);
    }
    if (caps.maxMediaPerSegment !== null && segment.media.length > caps.maxMediaPerSegment) {
      problems.add(`${path}.media`, `holds ${segment.media.length} items; ${platform} allows at most ${caps.maxMediaPerSegment} per segment`);
    }
  });
}
