import { expect } from 'chai';
import { DomainError } from '../../../../domain/shared/DomainError';
import { type Platform } from '../../../../domain/platform/Platform';
import { Post } from '../../../../domain/post/Post';
import { type TargetInput } from '../../../../domain/post/PostContent';
import { type NewPostInput, type PostContext } from '../../../../domain/post/PostInputs';
import { CONNECTION_IDS, connectionIdFor, connectionsWithExtras } from '../../../support/data/connections';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../../support/data/posts';
import { SETTINGS } from '../../../support/data/settings';
import { EARLIER, LATER, NOW, minutesFrom } from '../../../support/data/times';

/** The domain tests' data comes from test/support/data/; these builders add the domain's own context. */
export { DEFAULT_GROUP_ID, EARLIER, LATER, NOW, SETTINGS, connectionIdFor, group, media, minutesFrom, segment };

export const WORKSPACE = 'ws_a';
/** Who writes the fixtures' posts (reviewers and removers are other people unless a test says so). */
export const AUTHOR = 'user_author';

/** One connection per platform in the workspace (`conn_twitter` …), plus a second Twitter one and one in another workspace. */
export const connectionOf = connectionsWithExtras(WORKSPACE, 'ws_b');

export const target = (id: string, platform: Platform, extra: Partial<TargetInput> = {}): TargetInput => ({
  id,
  ...targetOn(CONNECTION_IDS[platform], platform),
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
  authorUserId: AUTHOR,
  groups: [group()],
  targets: [target('t_tw', 'TWITTER', { scheduledAt: LATER })],
  ...extra,
});

export const newPost = (extra: Partial<NewPostInput> = {}, ctx: Partial<PostContext> = {}): Post => Post.create(postInput(extra), context(ctx));

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

export function expectForbidden(fn: () => unknown, code: string): DomainError {
  const error = caught(fn);
  expect(error.kind, error.message).to.equal('forbidden');
  expect(error.code).to.equal(code);
  return error;
}

export function expectNotFound(fn: () => unknown): DomainError {
  const error = caught(fn);
  expect(error.kind).to.equal('not_found');
  return error;
}
