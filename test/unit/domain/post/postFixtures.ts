import { expect } from 'chai';
import { DomainError } from '../../../../domain/shared/DomainError';
import { PLATFORMS, type Platform } from '../../../../domain/platform/Platform';
import { type GroupInput } from '../../../../domain/post/Group';
import { type MediaInput } from '../../../../domain/post/Media';
import { Post } from '../../../../domain/post/Post';
import { type ConnectionInfo, type TargetInput } from '../../../../domain/post/PostContent';
import { type NewPostInput, type PostContext } from '../../../../domain/post/PostInputs';
import { type SegmentInput } from '../../../../domain/post/Segment';

export const WORKSPACE = 'ws_a';
export const NOW = new Date('2030-01-01T12:00:00.000Z');
export const minutesFrom = (base: Date, minutes: number): Date => new Date(base.getTime() + minutes * 60_000);
export const LATER = minutesFrom(NOW, 60);
export const EARLIER = minutesFrom(NOW, -60);

/** One connection per platform in the workspace (`conn_twitter` …), plus one in another workspace. */
export const connectionIdFor = (platform: Platform): string => `conn_${platform.toLowerCase()}`;
const CONNECTIONS = new Map<string, ConnectionInfo>([
  ...PLATFORMS.map((p): [string, ConnectionInfo] => [connectionIdFor(p), { platform: p, workspaceId: WORKSPACE }]),
  ['conn_twitter_2', { platform: 'TWITTER', workspaceId: WORKSPACE }],
  ['conn_foreign', { platform: 'TWITTER', workspaceId: 'ws_b' }],
]);
export const connectionOf = (id: string): ConnectionInfo | undefined => CONNECTIONS.get(id);

/** Valid settings for every platform: required values only. */
export const SETTINGS: Record<Platform, { platform: Platform; values: Record<string, unknown> }> = {
  BLUESKY: { platform: 'BLUESKY', values: {} },
  FACEBOOK: { platform: 'FACEBOOK', values: { privacy: 'PUBLIC' } },
  FARCASTER: { platform: 'FARCASTER', values: {} },
  INSTAGRAM: {
    platform: 'INSTAGRAM',
    values: { shareToFeed: true, shareToStory: false, trialReels: false, graduationStrategy: 'MANUAL' },
  },
  LINKEDIN: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } },
  PINTEREST: { platform: 'PINTEREST', values: {} },
  THREADS: { platform: 'THREADS', values: { replyControl: 'everyone' } },
  TIKTOK: {
    platform: 'TIKTOK',
    values: {
      privacy: 'SELF_ONLY',
      allowComments: true,
      allowDuet: false,
      allowStitch: false,
      promotionContent: 'NONE',
    },
  },
  TWITTER: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } },
  YOUTUBE: { platform: 'YOUTUBE', values: { privacy: 'UNLISTED', madeForKids: false } },
};

export const media = (id = 'media_1', extra: Partial<MediaInput> = {}): MediaInput => ({ id, ...extra });

export const segment = (text = 'Hello world', mediaItems: MediaInput[] = [], extra: Partial<SegmentInput> = {}): SegmentInput => ({
  text,
  media: mediaItems,
  ...extra,
});

export const group = (id = 'g_default', isDefault = true, segments: SegmentInput[] = [segment()]): GroupInput => ({
  id,
  isDefault,
  segments,
});

export const target = (id: string, platform: Platform, extra: Partial<TargetInput> = {}): TargetInput => ({
  id,
  connectionId: connectionIdFor(platform),
  groupId: 'g_default',
  settings: SETTINGS[platform],
  scheduledAt: null,
  ...extra,
});

export const context = (extra: Partial<PostContext> = {}): PostContext => ({
  now: NOW,
  reviewRequired: false,
  connectionOf,
  ...extra,
});

export const postInput = (extra: Partial<NewPostInput> = {}): NewPostInput => ({
  id: 'post_1',
  workspaceId: WORKSPACE,
  groups: [group()],
  targets: [target('t_tw', 'TWITTER', { scheduledAt: LATER })],
  ...extra,
});

export const newPost = (extra: Partial<NewPostInput> = {}, ctx: Partial<PostContext> = {}): Post =>
  Post.create(postInput(extra), context(ctx));

/** A post already scheduled on Twitter and Bluesky. */
export const scheduledPost = (ctx: Partial<PostContext> = {}): Post =>
  newPost(
    {
      intent: 'schedule',
      targets: [target('t_tw', 'TWITTER', { scheduledAt: LATER }), target('t_bs', 'BLUESKY', { scheduledAt: LATER })],
    },
    ctx,
  );

export const reviewer = (reviewId = 'rev_1') => ({ reviewId, reviewerUserId: 'user_editor' });

function caught(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  expect.fail('expected a DomainError, nothing was thrown');
}

/** Asserts a 422 with this code whose details name exactly `paths` (order-free). */
export function expectValidation(fn: () => unknown, code: string, paths: string[]): DomainError {
  const error = caught(fn);
  expect(error.kind, error.message).to.equal('validation');
  expect(error.code).to.equal(code);
  expect(error.details.map((d) => d.path)).to.have.members(paths);
  return error;
}

export function expectConflict(fn: () => unknown, code: string): DomainError {
  const error = caught(fn);
  expect(error.kind, error.message).to.equal('conflict');
  expect(error.code).to.equal(code);
  return error;
}

export function expectNotFound(fn: () => unknown): DomainError {
  const error = caught(fn);
  expect(error.kind).to.equal('not_found');
  return error;
}
