import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  SETTINGS,
  asWorker,
  bearer,
  created,
  draftBody,
  expectError,
  expectValidation,
  future,
  getPost,
  group,
  past,
  scheduleBody,
  segment,
  startPostsWorld,
  target,
  targetIdOf,
  type Json,
  type PostsWorld,
} from './postsFixture';

for (const kind of DATABASE_KINDS) {
  describe(`posts: targets listing, updateTarget and retryTarget on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    const targetsOf = (postId: string) => w.api.get(`${w.posts}/${postId}/targets`).set(bearer(w.key));
    const updateTarget = (postId: string, targetId: string, body: unknown) =>
      w.api
        .patch(`${w.posts}/${postId}/targets/${targetId}`)
        .set(bearer(w.key))
        .send(body as object);
    const retry = (postId: string, targetId: string) => w.api.post(`${w.posts}/${postId}/targets/${targetId}/retry`).set(bearer(w.key));

    it('GET targets lists every target with all of its fields', async () => {
      const post = await created(w, draftBody(w, { targets: [target(w, 'TWITTER'), target(w, 'LINKEDIN')] }));
      const res = await targetsOf(post.id).expect(200);
      expect(res.body).to.deep.equal(post.targets);
      expect(Object.keys(res.body[0]).sort()).to.deep.equal([
        'attempts',
        'connectionId',
        'error',
        'groupId',
        'id',
        'platformPostId',
        'platformPostUrl',
        'postedAt',
        'scheduledAt',
        'settings',
        'status',
      ]);
    });

    describe('updateTarget on a pending target', () => {
      it('changes its time, settings and group, and the post shows it', async () => {
        const post = await created(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true), group('g2', false, [segment('Other')])] }));
        const id = post.targets[0]!.id as string;
        const at = future(5);
        const settings = { platform: 'TWITTER', values: { replyRestriction: 'mentioned' } };
        const res = await updateTarget(post.id, id, { scheduledAt: at, settings, groupId: 'g2' }).expect(200);
        expect(res.body).to.include({ id, groupId: 'g2', status: 'pending' });
        expect(res.body.settings).to.deep.equal(settings);
        expect(Date.parse(res.body.scheduledAt)).to.equal(Date.parse(at));
        expect((await getPost(w, post.id)).targets[0]).to.deep.equal(res.body);
      });

      it('keeps what the body leaves absent or null, and clears scheduledAt with null on a draft', async () => {
        const post = await created(w, draftBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: future() })] }));
        const id = post.targets[0]!.id as string;
        const kept = await updateTarget(post.id, id, {}).expect(200);
        expect(kept.body).to.deep.include({ groupId: DEFAULT_GROUP_ID, settings: SETTINGS.TWITTER, scheduledAt: post.targets[0]!.scheduledAt });
        const cleared = await updateTarget(post.id, id, { groupId: null, settings: null, scheduledAt: null }).expect(200);
        expect(cleared.body).to.deep.include({ groupId: DEFAULT_GROUP_ID, settings: SETTINGS.TWITTER, scheduledAt: null });
      });

      it('of a scheduled post: a past or null time is refused (422 invalid_target naming scheduledAt)', async () => {
        const post = await created(w, scheduleBody(w));
        const id = post.targets[0]!.id as string;
        expectValidation(await updateTarget(post.id, id, { scheduledAt: past() }), 'invalid_target', ['scheduledAt']);
        expectValidation(await updateTarget(post.id, id, { scheduledAt: null }), 'invalid_target', ['scheduledAt']);
        expect((await getPost(w, post.id)).targets[0]!.scheduledAt).to.equal(post.targets[0]!.scheduledAt);
      });

      const refusals: [string, unknown, string, string][] = [
        ['an unknown group', { groupId: 'nope' }, 'groupId', 'invalid_target'],
        ['a missing required settings value', { settings: { platform: 'TWITTER', values: {} } }, 'settings.values.replyRestriction', 'invalid_target'],
        [
          'an unknown settings value',
          { settings: { platform: 'TWITTER', values: { replyRestriction: 'everyone', x: 1 } } },
          'settings.values.x',
          'invalid_target',
        ],
        ['settings of another platform than the connection', { settings: SETTINGS.LINKEDIN }, 'settings.platform', 'invalid_target'],
        ['a scheduledAt that is not RFC 3339', { scheduledAt: 'next week' }, 'scheduledAt', 'invalid_body'],
        ['an unknown property', { status: 'published' }, 'status', 'invalid_body'],
        ['settings with an unknown property', { settings: { ...SETTINGS.TWITTER, extra: true } }, 'settings.extra', 'invalid_body'],
        ['a groupId of the wrong type', { groupId: 5 }, 'groupId', 'invalid_body'],
      ];
      for (const [what, body, path, code] of refusals) {
        it(`refuses ${what}: 422 ${code} naming ${path}`, async () => {
          const post = await created(w, draftBody(w));
          expectValidation(await updateTarget(post.id, post.targets[0]!.id as string, body), code, [path]);
        });
      }

      it('checks the new group against the platform rules (text limit)', async () => {
        const post = await created(
          w,
          draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true), group('long', false, [segment('x'.repeat(281))])], targets: [target(w, 'LINKEDIN')] }),
        );
        await updateTarget(post.id, post.targets[0]!.id as string, { groupId: 'long' }).expect(200);
        const other = await created(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true), group('long', false, [segment('x'.repeat(281))])] }));
        expectValidation(await updateTarget(other.id, other.targets[0]!.id as string, { groupId: 'long' }), 'invalid_target', ['groups[1].segments[0].text']);
      });

      it('answers 404 target_not_found for a target id of no target of the post', async () => {
        const post = await created(w, draftBody(w));
        const other = await created(w, draftBody(w));
        expectError(await updateTarget(post.id, other.targets[0]!.id as string, {}), 404, 'NotFoundError', 'target_not_found');
        expectError(await retry(post.id, 'nope'), 404, 'NotFoundError', 'target_not_found');
      });
    });

    describe('updateTarget on a target that is not pending', () => {
      for (const state of ['publishing', 'published', 'failed'] as const) {
        it(`answers 409 target_not_pending for a ${state} target`, async () => {
          const post = await created(w, scheduleBody(w));
          const id = targetIdOf(w, post, 'TWITTER');
          await asWorker(w, post.id, (p, now) => {
            if (state !== 'failed') p.startPublishing(id, now);
            if (state === 'published') p.markPublished(id, { platformPostId: 'x', platformPostUrl: null, postedAt: now }, now);
            if (state === 'failed') p.markFailed(id, 'boom', now);
          });
          expectError(await updateTarget(post.id, id, { scheduledAt: future(3) }), 409, 'ConflictError', 'target_not_pending');
          expect((await getPost(w, post.id)).targets[0]).to.include({ status: state, scheduledAt: post.targets[0]!.scheduledAt });
        });
      }
    });

    describe('retryTarget', () => {
      it('answers 409 target_not_failed for a pending target', async () => {
        const post = await created(w, draftBody(w));
        expectError(await retry(post.id, post.targets[0]!.id as string), 409, 'ConflictError', 'target_not_failed');
      });

      for (const state of ['publishing', 'published'] as const) {
        it(`answers 409 target_not_failed for a ${state} target`, async () => {
          const post = await created(w, scheduleBody(w));
          const id = targetIdOf(w, post, 'TWITTER');
          await asWorker(w, post.id, (p, now) => {
            p.startPublishing(id, now);
            if (state === 'published') p.markPublished(id, { platformPostId: 'x', platformPostUrl: null, postedAt: now }, now);
          });
          expectError(await retry(post.id, id), 409, 'ConflictError', 'target_not_failed');
          expect((await getPost(w, post.id)).status).to.equal(state);
        });
      }

      it('puts a failed target back to pending (error cleared, attempts kept) and the post publishing', async () => {
        const post = await created(
          w,
          scheduleBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: future() }), target(w, 'BLUESKY', { scheduledAt: future() })] }),
        );
        const [tw, bs] = [targetIdOf(w, post, 'TWITTER'), targetIdOf(w, post, 'BLUESKY')];
        await asWorker(w, post.id, (p, now) => {
          p.startPublishing(tw, now);
          p.markPublished(tw, { platformPostId: 'tw', platformPostUrl: null, postedAt: now }, now);
          p.startPublishing(bs, now);
          p.markFailed(bs, 'HTTP 503 three times', now);
        });
        expect((await getPost(w, post.id)).status).to.equal('partially_failed');
        const res = await retry(post.id, bs).expect(200);
        expect(res.body).to.include({ id: bs, status: 'pending', error: null, attempts: 1 });
        const after = await getPost(w, post.id);
        expect(after.status).to.equal('publishing');
        expect(after.targets.map((t: Json) => t.status)).to.deep.equal(['published', 'pending']);
        expectError(await retry(post.id, bs), 409, 'ConflictError', 'target_not_failed');
      });
    });
  });
}
