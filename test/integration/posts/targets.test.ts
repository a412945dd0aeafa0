import 'reflect-metadata';
import { expect } from 'chai';
import { PLATFORMS, type Platform } from '../../../domain/platform/Platform';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  FULL_SETTINGS,
  MEDIA_REQUIRED,
  REQUIRED_VALUES,
  SETTINGS,
  bearer,
  bodyFor,
  create,
  created,
  draftBody,
  expectValidation,
  group,
  media,
  mediaFor,
  segment,
  startPostsWorld,
  target,
  type Json,
  type PostsWorld,
} from './postsFixture';

/** Every enum of `settings.values`, per platform and field (docs/spec.md "Target settings"). */
const ENUMS: [Platform, string, readonly string[]][] = [
  ['FACEBOOK', 'privacy', ['PUBLIC', 'FRIENDS', 'ONLY_ME']],
  ['INSTAGRAM', 'graduationStrategy', ['MANUAL', 'SS_PERFORMANCE']],
  ['LINKEDIN', 'visibility', ['PUBLIC', 'CONNECTIONS']],
  ['THREADS', 'replyControl', ['everyone', 'following', 'mentioned']],
  ['TIKTOK', 'privacy', ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY']],
  ['TIKTOK', 'promotionContent', ['NONE', 'SELF', 'PAID', 'BOTH']],
  ['TWITTER', 'replyRestriction', ['everyone', 'following', 'mentioned']],
  ['YOUTUBE', 'privacy', ['PUBLIC', 'PRIVATE', 'UNLISTED']],
];

/** docs/product.md per-platform text limits, and a character of the platform's unit. */
const TEXT_LIMITS: [Platform, number][] = [
  ['TWITTER', 280],
  ['THREADS', 500],
  ['LINKEDIN', 3000],
  ['INSTAGRAM', 2200],
  ['TIKTOK', 2200],
  ['PINTEREST', 500],
  ['YOUTUBE', 5000],
  ['FACEBOOK', 63206],
];

const TEXT = 'groups[0].segments[0].text';
const withValues = (platform: Platform, values: Json) => ({ platform, values });

for (const kind of DATABASE_KINDS) {
  describe(`posts: targets, settings and platform rules on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    /** A body for `platform` whose only segment has `text` (and media where needed). */
    const textBody = (platform: Platform, text: string) =>
      bodyFor(w, platform, { groups: [group(DEFAULT_GROUP_ID, true, [segment(text, mediaFor(w, platform))])] });

    describe('settings per platform', () => {
      for (const platform of PLATFORMS) {
        it(`creates a ${platform} post with its required values and echoes its settings`, async () => {
          const post = await created(w, bodyFor(w, platform));
          expect(post.targets[0]).to.include({ connectionId: w.conn[platform], groupId: DEFAULT_GROUP_ID, status: 'pending', attempts: 0 });
          expect(post.targets[0]!.settings).to.deep.equal(SETTINGS[platform]);
        });

        it(`creates a ${platform} post with every optional value set too`, async () => {
          const post = await created(w, bodyFor(w, platform, {}, { settings: FULL_SETTINGS[platform] }));
          expect(post.targets[0]!.settings).to.deep.equal(FULL_SETTINGS[platform]);
        });

        for (const field of REQUIRED_VALUES[platform]) {
          it(`refuses ${platform} settings without ${field} (422 naming it), and with ${field} null`, async () => {
            const { [field]: _dropped, ...rest } = SETTINGS[platform].values;
            const missing = await create(w, bodyFor(w, platform, {}, { settings: withValues(platform, rest) }));
            expectValidation(missing, 'invalid_post', [`targets[0].settings.values.${field}`]);
            const nulled = await create(w, bodyFor(w, platform, {}, { settings: withValues(platform, { ...rest, [field]: null }) }));
            expectValidation(nulled, 'invalid_post', [`targets[0].settings.values.${field}`]);
          });
        }

        if (REQUIRED_VALUES[platform].length === 0) {
          it(`accepts ${platform} with empty values and with its optional values null, refuses a wrong type`, async () => {
            const optional = Object.keys(FULL_SETTINGS[platform].values)[0]!;
            await created(w, bodyFor(w, platform, {}, { settings: withValues(platform, {}) }));
            await created(w, bodyFor(w, platform, {}, { settings: withValues(platform, { [optional]: null }) }));
            const wrong = await create(w, bodyFor(w, platform, {}, { settings: withValues(platform, { [optional]: 12 }) }));
            expectValidation(wrong, 'invalid_post', [`targets[0].settings.values.${optional}`]);
          });
        }
      }

      it('refuses a boolean value given as a string (TikTok allowDuet "false", YouTube madeForKids 0)', async () => {
        const tiktok = withValues('TIKTOK', { ...SETTINGS.TIKTOK.values, allowDuet: 'false' });
        expectValidation(await create(w, bodyFor(w, 'TIKTOK', {}, { settings: tiktok })), 'invalid_post', ['targets[0].settings.values.allowDuet']);
        const youtube = withValues('YOUTUBE', { ...SETTINGS.YOUTUBE.values, madeForKids: 0 });
        expectValidation(await create(w, bodyFor(w, 'YOUTUBE', {}, { settings: youtube })), 'invalid_post', ['targets[0].settings.values.madeForKids']);
      });

      for (const [platform, field, values] of ENUMS) {
        it(`${platform} ${field}: accepts each of ${values.join(', ')} and refuses anything else`, async () => {
          for (const value of values) {
            const post = await created(w, bodyFor(w, platform, {}, { settings: withValues(platform, { ...SETTINGS[platform].values, [field]: value }) }));
            expect((post.targets[0]!.settings as { values: Json }).values[field]).to.equal(value);
          }
          const bad = withValues(platform, {
            ...SETTINGS[platform].values,
            [field]: values[0]!.toLowerCase() === values[0] ? values[0]!.toUpperCase() : values[0]!.toLowerCase(),
          });
          expectValidation(await create(w, bodyFor(w, platform, {}, { settings: bad })), 'invalid_post', [`targets[0].settings.values.${field}`]);
        });
      }
    });

    describe('connections', () => {
      it('refuses a connection of another workspace, with the same answer as an unknown one', async () => {
        const foreign = await create(w, draftBody(w, { targets: [target(w, 'TWITTER', { connectionId: w.foreignConn })] }));
        expectValidation(foreign, 'invalid_post', ['targets[0].connectionId']);
        const unknown = await create(w, draftBody(w, { targets: [target(w, 'TWITTER', { connectionId: '01NOSUCHCONNECTION00000000' })] }));
        expectValidation(unknown, 'invalid_post', ['targets[0].connectionId']);
        expect(foreign.body.error.details).to.deep.equal(unknown.body.error.details.map((d: Json) => ({ ...d })));
      });

      it('refuses settings of another platform than the connection', async () => {
        const res = await create(w, draftBody(w, { targets: [target(w, 'TWITTER', { settings: SETTINGS.BLUESKY })] }));
        expectValidation(res, 'invalid_post', ['targets[0].settings.platform']);
      });

      it('refuses the same connection twice in one post', async () => {
        const res = await create(w, draftBody(w, { targets: [target(w, 'TWITTER'), target(w, 'TWITTER')] }));
        expectValidation(res, 'invalid_post', ['targets[1].connectionId']);
      });

      it("refuses the same connection twice in an edit, blaming only the connection (ids are the service's)", async () => {
        const post = await created(w, draftBody(w, { targets: [target(w, 'TWITTER')] }));
        const res = await w.api
          .patch(`${w.posts}/${post.id}`)
          .set(bearer(w.key))
          .send(draftBody(w, { targets: [target(w, 'TWITTER'), target(w, 'TWITTER')] }));
        expectValidation(res, 'invalid_post', ['targets[1].connectionId']);
        expect(res.body.error.details.map((d: Json) => d.path)).to.deep.equal(['targets[1].connectionId']);
      });
    });

    describe('groups', () => {
      it('refuses duplicate group ids', async () => {
        const res = await create(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true), group(DEFAULT_GROUP_ID, false)] }));
        expectValidation(res, 'invalid_post', ['groups[1].id']);
      });
      it('refuses zero default groups', async () => {
        expectValidation(await create(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, false)] })), 'invalid_post', ['groups']);
      });
      it('refuses two default groups', async () => {
        expectValidation(await create(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true), group('g2', true)] })), 'invalid_post', ['groups']);
      });
      it('refuses a target naming an unknown group', async () => {
        const res = await create(w, draftBody(w, { targets: [target(w, 'TWITTER', { groupId: 'nope' })] }));
        expectValidation(res, 'invalid_post', ['targets[0].groupId']);
      });
      it('refuses a group without segments, an empty group id, and an empty segment without media', async () => {
        expectValidation(await create(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [])] })), 'invalid_post', ['groups[0].segments']);
        expectValidation(await create(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true), group(' ', false)] })), 'invalid_post', ['groups[1].id']);
        expectValidation(await create(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('  ')])] })), 'invalid_post', [TEXT]);
      });
      it('sends each target its own group: a per-platform version next to the default', async () => {
        const post = await created(w, {
          groups: [group(DEFAULT_GROUP_ID, true, [segment('Default text')]), group('short', false, [segment('Short for X')])],
          targets: [target(w, 'TWITTER', { groupId: 'short' }), target(w, 'LINKEDIN')],
        });
        expect(post.targets.map((t) => t.groupId)).to.deep.equal(['short', DEFAULT_GROUP_ID]);
      });
    });

    describe('per-platform text limits', () => {
      for (const [platform, limit] of TEXT_LIMITS) {
        it(`${platform}: ${limit} characters OK, ${limit + 1} refused naming the text`, async () => {
          await created(w, textBody(platform, 'é'.repeat(limit)));
          const res = await create(w, textBody(platform, 'é'.repeat(limit + 1)));
          expectValidation(res, 'invalid_post', [TEXT]);
          expect(res.body.error.message).to.include(platform);
        });
      }

      it('TWITTER counts code points: 280 emoji OK (560 UTF-16 units)', async () => {
        await created(w, textBody('TWITTER', '😀'.repeat(280)));
      });

      it('BLUESKY counts graphemes: 300 composed emoji OK, 301 refused', async () => {
        const family = '👩🏽‍💻';
        await created(w, textBody('BLUESKY', family.repeat(300)));
        expectValidation(await create(w, textBody('BLUESKY', family.repeat(301))), 'invalid_post', [TEXT]);
      });

      it('FARCASTER counts UTF-8 bytes: 1024 bytes OK, 1025 refused', async () => {
        await created(w, textBody('FARCASTER', 'é'.repeat(512)));
        expectValidation(await create(w, textBody('FARCASTER', `a${'é'.repeat(512)}`)), 'invalid_post', [TEXT]);
        expectValidation(await create(w, textBody('FARCASTER', '😀'.repeat(257))), 'invalid_post', [TEXT]);
      });

      it('checks the limit of every platform that uses the group, and of later segments', async () => {
        const body = {
          groups: [group(DEFAULT_GROUP_ID, true, [segment('ok'), segment('x'.repeat(281))])],
          targets: [target(w, 'TWITTER'), target(w, 'LINKEDIN')],
        };
        const res = await create(w, body);
        expectValidation(res, 'invalid_post', ['groups[0].segments[1].text']);
        expect(res.body.error.message).to.include('TWITTER').and.not.include('LINKEDIN');
      });
    });

    describe('media and segments per platform', () => {
      for (const platform of MEDIA_REQUIRED) {
        it(`${platform} refuses a group without media`, async () => {
          const res = await create(w, bodyFor(w, platform, { groups: [group(DEFAULT_GROUP_ID, true, [segment('No media')])] }));
          expectValidation(res, 'invalid_post', ['groups[0].segments[0].media']);
        });
      }

      for (const platform of ['TIKTOK', 'PINTEREST'] as const) {
        it(`${platform} refuses a multi-segment group`, async () => {
          const res = await create(w, bodyFor(w, platform, { groups: [group(DEFAULT_GROUP_ID, true, [segment('one', [media('m1')]), segment('two')])] }));
          expectValidation(res, 'invalid_post', ['groups[0].segments']);
        });
      }

      for (const platform of ['TWITTER', 'BLUESKY', 'THREADS', 'FARCASTER', 'LINKEDIN', 'FACEBOOK', 'INSTAGRAM', 'YOUTUBE'] as const) {
        it(`${platform} accepts a multi-segment group (thread or comments)`, async () => {
          const first = segment('one', mediaFor(w, platform));
          const post = await created(w, bodyFor(w, platform, { groups: [group(DEFAULT_GROUP_ID, true, [first, segment('two', [], { delayMinutes: 1 })])] }));
          expect((post.groups as Json[])[0]!.segments).to.have.length(2);
        });
      }

      it('TWITTER refuses a fifth media item in a segment', async () => {
        const five = ['a', 'b', 'c', 'd', 'e'].map((id) => media(id));
        expectValidation(await create(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('x', five)])] })), 'invalid_post', [
          'groups[0].segments[0].media',
        ]);
      });
    });
  });
}
