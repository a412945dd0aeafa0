import { type Platform } from '../../domain/platform/Platform';
import { type GroupInput } from '../../domain/post/Group';
import { Post } from '../../domain/post/Post';
import { type TargetInput } from '../../domain/post/PostContent';
import { type NewPostInput } from '../../domain/post/PostInputs';
import { connectionsIn } from '../support/data/connections';
import { group, media, segment } from '../support/data/posts';
import { FULL_SETTINGS } from '../support/data/settings';
import { HOUR } from '../support/data/times';
import { target } from '../unit/domain/post/postFixtures';

export { connectionsIn, HOUR };

/**
 * Posts for the repository contract, built through Post.create with the domain's real rules.
 * Ids are unique within a run and 26 characters long like our ULIDs; a leading letter lets
 * a test choose the tie-break order. Times carry odd milliseconds, which a lossy column drops.
 */
let counter = 0;
export const uniqueId = (lead = '0'): string => `${lead}${String(++counter).padStart(25, '0')}`;

const T0 = Date.parse('2031-02-03T04:05:06.789Z');
export const at = (ms: number): Date => new Date(T0 + ms);

export const targetTo = (platform: Platform, extra: Partial<TargetInput> = {}): TargetInput => target(uniqueId('t'), platform, extra);

export interface PostSpec extends Partial<Omit<NewPostInput, 'workspaceId'>> {
  readonly now?: Date;
}

/** A post of `workspaceId`: a draft to Twitter unless the spec says otherwise. */
export function buildPost(workspaceId: string, spec: PostSpec = {}): Post {
  const { now = at(0), ...input } = spec;
  return Post.create(
    { id: uniqueId('P'), groups: [group()], targets: [targetTo('TWITTER')], ...input, workspaceId },
    { now, reviewRequired: false, connectionOf: connectionsIn(workspaceId) },
  );
}

/** Two groups, threads and comments, media with and without alt texts and thumbnails, nulls. */
export const RICH_GROUPS: GroupInput[] = [
  group('g_default', true, [
    segment('Launch day 🚀 with the crew 👩🏽‍💻', [media('m_photo', { altText: 'Crew on stage 🎤' })]),
    segment('Thread part two', [], { delayMinutes: 5 }),
    segment('And three', [media('m_gif', { altText: null, thumbnailMediaId: null, thumbnailTimestamp: null })], { delayMinutes: null }),
  ]),
  group('g_video', false, [
    segment('Watch the recap', [media('m_video', { thumbnailMediaId: 'm_thumb', thumbnailTimestamp: 1.25 })], { delayMinutes: 0 }),
    segment('Tickets in the comments', [], { delayMinutes: 2.5 }),
  ]),
];

/** Targets on five platforms, settings with optional values set and null, distinct times. */
export const richTargets = (): TargetInput[] => [
  targetTo('TWITTER', { scheduledAt: at(HOUR + 1) }),
  targetTo('BLUESKY', { scheduledAt: at(HOUR + 2), settings: FULL_SETTINGS.BLUESKY }),
  targetTo('LINKEDIN', { scheduledAt: at(2 * HOUR + 3), settings: { platform: 'LINKEDIN', values: { visibility: 'CONNECTIONS' } } }),
  targetTo('INSTAGRAM', { groupId: 'g_video', scheduledAt: at(HOUR + 4) }),
  targetTo('YOUTUBE', {
    groupId: 'g_video',
    scheduledAt: at(HOUR + 5),
    settings: { platform: 'YOUTUBE', values: { privacy: 'PUBLIC', madeForKids: false, ageRestriction: null } },
  }),
];

/**
 * A post that went through review twice (changes requested, then approved), was scheduled,
 * and is publishing: one target published, one failed, the others pending.
 */
export function publishingPostWithHistory(workspaceId: string): Post {
  const targets = richTargets();
  const post = buildPost(workspaceId, {
    groups: RICH_GROUPS,
    targets,
    intent: 'schedule',
    submitForReview: true,
    externalSubmissionId: 'ext-42',
    source: 'api',
  });
  const reviewer = (lead: string) => ({ reviewId: uniqueId(lead), reviewerUserId: uniqueId('U') });
  post.requestChanges(reviewer('R'), 'Shorter, please', at(11));
  post.update(
    { groups: RICH_GROUPS, targets, intent: 'schedule', submitForReview: true },
    { now: at(22), reviewRequired: false, connectionOf: connectionsIn(workspaceId) },
  );
  post.approve(reviewer('R'), at(33), 'Ship it');
  const [twitter, bluesky] = post.targets;
  post.startPublishing(twitter!.id, at(HOUR + 7));
  post.markPublished(twitter!.id, { platformPostId: '1790000000000000001', platformPostUrl: 'https://x.com/a/status/1', postedAt: at(HOUR + 8) }, at(HOUR + 8));
  post.startPublishing(bluesky!.id, at(HOUR + 9));
  post.markFailed(bluesky!.id, 'rate limited (429)', at(HOUR + 10));
  return post;
}
