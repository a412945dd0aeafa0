import { expect } from 'chai';
import { postCsvRow } from '../../../../../adapters/inbound/http/csv/postCsvRow';
import { type PostSnapshot } from '../../../../../domain/post/PostSnapshot';
import { type TargetSnapshot } from '../../../../../domain/post/Target';

const target = (connectionId: string, platform: string, values: Record<string, unknown>, scheduledAt: string | null): TargetSnapshot =>
  ({
    id: `t-${connectionId}`,
    connectionId,
    groupId: 'g',
    settings: { platform, values },
    scheduledAt: scheduledAt === null ? null : new Date(scheduledAt),
    status: 'pending',
    platformPostId: null,
    platformPostUrl: null,
    postedAt: null,
    error: null,
    attempts: 0,
    publishedSegments: [],
    segmentAttempts: 0,
    checkpoint: null,
    queued: false,
  }) as unknown as TargetSnapshot;

const post = (status: string, targets: TargetSnapshot[], requestedIntent: string | null = null): PostSnapshot =>
  ({
    id: 'p',
    workspaceId: 'w',
    authorUserId: null,
    status,
    groups: [
      { id: 'other', isDefault: false, segments: [{ text: 'not exported', media: [] }] },
      {
        id: 'g',
        isDefault: true,
        segments: [
          { text: 'one', media: [{ id: 'm1' }, { id: 'm2' }] },
          { text: 'two', media: [] },
        ],
      },
    ],
    targets,
    source: 'api',
    externalSubmissionId: null,
    requestedIntent,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    version: 1,
  }) as unknown as PostSnapshot;

const AT = '2030-01-01T09:00:00.000Z';

describe('a post as its CSV row', () => {
  it('the default group, one time shared, settings by platform where they agree and by connection where not', () => {
    const row = postCsvRow(
      post('scheduled', [
        target('x1', 'TWITTER', { replyRestriction: 'everyone' }, AT),
        target('x2', 'TWITTER', { replyRestriction: 'following' }, AT),
        target('bs', 'BLUESKY', {}, AT),
        target('li', 'LINKEDIN', { visibility: 'PUBLIC' }, AT),
      ]),
    );
    expect(row).to.deep.equal({
      text: 'one\n---\ntwo',
      targets: 'x1;x2;bs;li',
      scheduledAt: AT,
      intent: 'schedule',
      media: 'm1;m2',
      settings: '{"x1":{"replyRestriction":"everyone"},"x2":{"replyRestriction":"following"},"LINKEDIN":{"visibility":"PUBLIC"}}',
    });
  });

  it('one time per target when they differ', () => {
    expect(postCsvRow(post('scheduled', [target('a', 'BLUESKY', {}, AT), target('b', 'BLUESKY', {}, null)])).scheduledAt).to.equal(`${AT};`);
  });

  it('comes back waiting where it waited, and never publishes twice: publishing and published posts are drafts', () => {
    const intent = (status: string, requested: string | null = null) => postCsvRow(post(status, [target('a', 'BLUESKY', {}, AT)], requested)).intent;
    expect(['draft', 'scheduled', 'publishing', 'published', 'partially_failed', 'failed'].map((s) => intent(s))).to.deep.equal([
      'draft',
      'schedule',
      'draft',
      'draft',
      'draft',
      'draft',
    ]);
    expect([intent('pending_review', 'schedule'), intent('changes_requested', 'schedule'), intent('pending_review', 'publish_now')]).to.deep.equal([
      'schedule',
      'schedule',
      'draft',
    ]);
  });
});
