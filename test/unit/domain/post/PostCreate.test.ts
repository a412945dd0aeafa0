import { expect } from 'chai';
import { Post } from '../../../../domain/post/Post';
import { LATER, NOW, SETTINGS, WORKSPACE, context, expectValidation, group, media, newPost, postInput, segment, target, AUTHOR } from './postFixtures';

const invalid = (extra: Parameters<typeof postInput>[0], paths: string[]) =>
  expectValidation(() => Post.create(postInput(extra), context()), 'invalid_post', paths);

describe('Post.create: building a post', () => {
  it('creates a draft with every field a response needs', () => {
    const post = newPost({
      groups: [group('g_default', true, [segment('Hi', [media('m1')])])],
    });
    expect(post.toSnapshot()).to.deep.equal({
      id: 'post_1',
      workspaceId: WORKSPACE,
      authorUserId: AUTHOR,
      status: 'draft',
      groups: [
        {
          id: 'g_default',
          isDefault: true,
          segments: [
            {
              text: 'Hi',
              media: [{ id: 'm1', altText: null, thumbnailMediaId: null, thumbnailTimestamp: null }],
              delayMinutes: null,
            },
          ],
        },
      ],
      targets: [
        {
          id: 't_tw',
          connectionId: 'conn_twitter',
          groupId: 'g_default',
          settings: SETTINGS.TWITTER,
          scheduledAt: LATER,
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
        },
      ],
      source: 'app',
      externalSubmissionId: null,
      requestedIntent: null,
      createdAt: NOW,
      updatedAt: NOW,
      version: 0,
    });
  });

  it('keeps the source, the external submission id and optional media fields', () => {
    const post = newPost({
      source: 'automation',
      externalSubmissionId: 'ext-9',
      groups: [
        group('g_default', true, [
          segment('Hi', [media('m1', { altText: 'a cat', thumbnailMediaId: 'm2', thumbnailTimestamp: 0 })], { delayMinutes: 0 }),
          segment('More', [], { delayMinutes: 2.5 }),
        ]),
      ],
    });
    expect(post.source).to.equal('automation');
    expect(post.externalSubmissionId).to.equal('ext-9');
    const [first, second] = post.toSnapshot().groups[0]!.segments;
    expect(first!.media[0]).to.deep.equal({ id: 'm1', altText: 'a cat', thumbnailMediaId: 'm2', thumbnailTimestamp: 0 });
    expect(first!.delayMinutes).to.equal(0);
    expect(second!.delayMinutes).to.equal(2.5);
  });

  it('accepts a post with no target as a draft', () => {
    expect(newPost({ targets: [] }).status).to.equal('draft');
  });
});

describe('Post.create: groups', () => {
  it('needs exactly one default group', () => {
    invalid({ groups: [], targets: [] }, ['groups']);
    invalid({ groups: [] }, ['groups', 'targets[0].groupId']);
    invalid({ groups: [group('g_default', false)] }, ['groups']);
    invalid({ groups: [group('g_default', true), group('g2', true)] }, ['groups']);
  });

  it('refuses duplicate group ids and empty ones', () => {
    invalid({ groups: [group('g_default', true), group('g_default', false)] }, ['groups[1].id']);
    invalid({ groups: [group('g_default', true), group(' ', false)] }, ['groups[1].id']);
  });

  it('needs at least one segment per group', () => {
    invalid({ groups: [group('g_default', true, [])] }, ['groups[0].segments']);
  });

  it('refuses a segment with neither text nor media, but accepts media without text', () => {
    invalid({ groups: [group('g_default', true, [segment('  ')])] }, ['groups[0].segments[0].text']);
    expect(newPost({ groups: [group('g_default', true, [segment('', [media()])])] }).status).to.equal('draft');
  });

  for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1]) {
    it(`refuses delayMinutes and thumbnailTimestamp of ${bad}`, () => {
      invalid({ groups: [group('g_default', true, [segment('x', [media('m', { thumbnailTimestamp: bad })], { delayMinutes: bad })])] }, [
        'groups[0].segments[0].delayMinutes',
        'groups[0].segments[0].media[0].thumbnailTimestamp',
      ]);
    });
  }

  it('accepts null delayMinutes and thumbnailTimestamp', () => {
    const groups = [group('g_default', true, [segment('x', [media('m', { thumbnailTimestamp: null })], { delayMinutes: null })])];
    expect(newPost({ groups }).toSnapshot().groups[0]!.segments[0]!.delayMinutes).to.equal(null);
  });

  it('refuses an empty media id', () => {
    invalid({ groups: [group('g_default', true, [segment('x', [media('')])])] }, ['groups[0].segments[0].media[0].id']);
  });
});

describe('Post.create: targets', () => {
  it('needs every target to use a group of the post', () => {
    invalid({ targets: [target('t1', 'TWITTER', { groupId: 'nope' })] }, ['targets[0].groupId']);
  });

  it('needs the connection to exist in the same workspace', () => {
    invalid({ targets: [target('t1', 'TWITTER', { connectionId: 'conn_missing' })] }, ['targets[0].connectionId']);
    const error = invalid({ targets: [target('t1', 'TWITTER', { connectionId: 'conn_foreign' })] }, ['targets[0].connectionId']);
    expect(error.details[0]!.message).to.equal('does not name a connected account of this workspace');
  });

  it('needs the settings platform to be the connection’s platform', () => {
    const error = invalid({ targets: [target('t0', 'LINKEDIN'), target('t1', 'TWITTER', { connectionId: 'conn_bluesky' })] }, ['targets[1].settings.platform']);
    expect(error.details[0]!.message).to.contain('BLUESKY');
  });

  it('reports settings problems under the target’s path', () => {
    invalid({ targets: [target('t1', 'FACEBOOK', { settings: { platform: 'FACEBOOK', values: { privacy: 'ALL', x: 1 } } })] }, [
      'targets[0].settings.values.privacy',
      'targets[0].settings.values.x',
    ]);
  });

  it('refuses duplicate target ids and the same connection twice', () => {
    invalid({ targets: [target('t1', 'TWITTER'), target('t1', 'LINKEDIN')] }, ['targets[1].id']);
    invalid({ targets: [target('t1', 'TWITTER'), target('t2', 'TWITTER')] }, ['targets[1].connectionId']);
  });

  it('refuses an invalid time', () => {
    invalid({ targets: [target('t1', 'TWITTER', { scheduledAt: new Date('not a date') })] }, ['targets[0].scheduledAt']);
  });

  it('collects every problem of the request into one error', () => {
    const error = invalid(
      {
        groups: [group('g_default', true, [segment('x'.repeat(281)), segment('', [], { delayMinutes: Number.NaN })]), group('g_default', false)],
        targets: [
          target('t1', 'TWITTER'),
          target('t2', 'FACEBOOK', { settings: { platform: 'FACEBOOK', values: {} } }),
          target('t3', 'LINKEDIN', { groupId: 'ghost' }),
          target('t4', 'TIKTOK', { connectionId: 'conn_foreign' }),
        ],
      },
      [
        'groups[1].id',
        'groups[0].segments[0].text',
        'groups[0].segments[1].text',
        'groups[0].segments[1].delayMinutes',
        'targets[1].settings.values.privacy',
        'targets[2].groupId',
        'targets[3].connectionId',
        'groups[0].segments',
        'groups[0].segments[0].media',
      ],
    );
    expect(error.code).to.equal('invalid_post');
    expect(error.message).to.contain('targets[2].groupId: does not name a group of this post');
  });
});
