import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  asWorker,
  bearer,
  create,
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
  type PostsWorld,
} from './postsFixture';

for (const kind of DATABASE_KINDS) {
  describe(`posts: lifecycle on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    const patch = (id: string, body: object) => w.api.patch(`${w.posts}/${id}`).set(bearer(w.key)).send(body);
    const publish = (id: string) => w.api.post(`${w.posts}/${id}/publish`).set(bearer(w.key));
    const remove = (id: string) => w.api.delete(`${w.posts}/${id}`).set(bearer(w.key));
    const review = (id: string) => w.api.post(`${w.posts}/${id}/reviews`).set(bearer(w.key)).send({ decision: 'approved' });

    /** A post the worker has started: publishing, with its Twitter target taken. */
    async function publishingPost() {
      const post = await created(w, scheduleBody(w));
      await asWorker(w, post.id, (p, now) => p.startPublishing(targetIdOf(w, post, 'TWITTER'), now));
      expect((await getPost(w, post.id)).status).to.equal('publishing');
      return post;
    }

    describe('creation by intent', () => {
      it('no intent → draft', async () => expect((await created(w, draftBody(w))).status).to.equal('draft'));

      it('schedule → scheduled, each target keeping its time (output in UTC with milliseconds)', async () => {
        const post = await created(w, draftBody(w, { intent: 'schedule', targets: [target(w, 'TWITTER', { scheduledAt: '2099-05-06T09:08:07+02:00' })] }));
        expect(post.status).to.equal('scheduled');
        expect(post.targets[0]!.scheduledAt).to.equal('2099-05-06T07:08:07.000Z');
      });

      it('publish_now → publishing, every target due now', async () => {
        const before = Date.now();
        const post = await created(w, draftBody(w, { intent: 'publish_now' }));
        expect(post.status).to.equal('publishing');
        expect(Date.parse(post.targets[0]!.scheduledAt as string)).to.be.within(before - 1000, Date.now() + 1000);
        expect(post.targets[0]).to.include({ status: 'pending', attempts: 0, platformPostId: null, postedAt: null, error: null });
      });

      it('schedule refuses a time in the past, a missing time, and no targets', async () => {
        expectValidation(await create(w, scheduleBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: past() })] })), 'invalid_post', [
          'targets[0].scheduledAt',
        ]);
        expectValidation(await create(w, scheduleBody(w, { targets: [target(w, 'TWITTER')] })), 'invalid_post', ['targets[0].scheduledAt']);
        expectValidation(await create(w, scheduleBody(w, { targets: [] })), 'invalid_post', ['targets']);
        expectValidation(await create(w, draftBody(w, { intent: 'publish_now', targets: [] })), 'invalid_post', ['targets']);
      });

      it('a draft may carry a past time or none, and a draft without targets is fine', async () => {
        await created(w, draftBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: past() })] }));
        expect((await created(w, draftBody(w, { targets: [] }))).targets).to.deep.equal([]);
      });
    });

    describe('from draft', () => {
      it('PATCH with intent schedule → scheduled, keeping target ids by connection', async () => {
        const post = await created(w, draftBody(w));
        const res = await patch(post.id, scheduleBody(w)).expect(200);
        expect(res.body.status).to.equal('scheduled');
        expect(res.body.targets[0].id).to.equal(post.targets[0]!.id);
        expect(res.body.createdAt).to.equal(post.createdAt);
      });

      it('PATCH without intent keeps a draft a draft and replaces the content', async () => {
        const post = await created(w, draftBody(w));
        const res = await patch(post.id, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('Edited')])] })).expect(200);
        expect(res.body).to.nested.include({ status: 'draft', 'groups[0].segments[0].text': 'Edited' });
        expect((await getPost(w, post.id)).groups).to.deep.equal(res.body.groups);
      });

      it('PATCH with intent publish_now → publishing', async () => {
        const post = await created(w, draftBody(w));
        expect((await patch(post.id, draftBody(w, { intent: 'publish_now' })).expect(200)).body.status).to.equal('publishing');
      });

      it('a refused PATCH changes nothing', async () => {
        const post = await created(w, draftBody(w));
        expectValidation(await patch(post.id, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('x'.repeat(281))])] })), 'invalid_post', [
          'groups[0].segments[0].text',
        ]);
        const stored = await getPost(w, post.id);
        expect(stored).to.deep.equal(post);
      });

      it('publish → publishing', async () => {
        const post = await created(w, draftBody(w));
        const res = await publish(post.id).expect(200);
        expect(res.body.status).to.equal('publishing');
        expect((await getPost(w, post.id)).status).to.equal('publishing');
      });

      it('publish of a draft without targets → 409 post_has_no_targets', async () => {
        const post = await created(w, draftBody(w, { targets: [] }));
        expectError(await publish(post.id), 409, 'ConflictError', 'post_has_no_targets');
      });

      it('a review decision on a draft → 409 post_not_in_review', async () => {
        const post = await created(w, draftBody(w));
        expectError(await review(post.id), 409, 'ConflictError', 'post_not_in_review');
      });

      it('remove → {deleted: true}, then 404 for get, update, remove, publish and targets', async () => {
        const post = await created(w, draftBody(w));
        expect((await remove(post.id).expect(200)).body).to.deep.equal({ deleted: true });
        expectError(await w.api.get(`${w.posts}/${post.id}`).set(bearer(w.key)), 404, 'NotFoundError', 'post_not_found');
        expectError(await remove(post.id), 404, 'NotFoundError', 'post_not_found');
        expectError(await patch(post.id, draftBody(w)), 404, 'NotFoundError', 'post_not_found');
        expectError(await publish(post.id), 404, 'NotFoundError', 'post_not_found');
        expectError(await w.api.get(`${w.posts}/${post.id}/targets`).set(bearer(w.key)), 404, 'NotFoundError', 'post_not_found');
      });
    });

    describe('from scheduled', () => {
      it('PATCH without intent stays scheduled; a past time is then refused', async () => {
        const post = await created(w, scheduleBody(w));
        const at = future(48);
        const res = await patch(post.id, draftBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: at })] })).expect(200);
        expect(res.body.status).to.equal('scheduled');
        expect(Date.parse(res.body.targets[0].scheduledAt)).to.equal(Date.parse(at));
        expectValidation(await patch(post.id, draftBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: past() })] })), 'invalid_post', [
          'targets[0].scheduledAt',
        ]);
      });

      it('PATCH with intent draft → draft (unscheduled)', async () => {
        const post = await created(w, scheduleBody(w));
        expect((await patch(post.id, scheduleBody(w, { intent: 'draft' })).expect(200)).body.status).to.equal('draft');
      });

      it('publish → publishing; remove → deleted', async () => {
        const one = await created(w, scheduleBody(w));
        expect((await publish(one.id).expect(200)).body.status).to.equal('publishing');
        const two = await created(w, scheduleBody(w));
        expect((await remove(two.id).expect(200)).body).to.deep.equal({ deleted: true });
      });
    });

    describe('from publishing', () => {
      it('PATCH → 409 post_not_editable, and the post is unchanged', async () => {
        const post = await created(w, draftBody(w, { intent: 'publish_now' }));
        expectError(await patch(post.id, draftBody(w)), 409, 'ConflictError', 'post_not_editable');
        expect((await getPost(w, post.id)).status).to.equal('publishing');
      });

      it('remove → 409 post_publishing, and the post is still there', async () => {
        const post = await created(w, draftBody(w, { intent: 'publish_now' }));
        expectError(await remove(post.id), 409, 'ConflictError', 'post_publishing');
        await getPost(w, post.id);
      });

      it('publish again → 409 post_not_publishable; review → 409', async () => {
        const post = await publishingPost();
        expectError(await publish(post.id), 409, 'ConflictError', 'post_not_publishable');
        expectError(await review(post.id), 409, 'ConflictError', 'post_not_in_review');
      });
    });

    describe('once the targets decide (driven as the worker will)', () => {
      it('all published → published: not editable, not publishable, removable', async () => {
        const post = await publishingPost();
        await asWorker(w, post.id, (p, now) =>
          p.markPublished(targetIdOf(w, post, 'TWITTER'), { platformPostId: 'tw-1', platformPostUrl: 'https://x.test/1', postedAt: now }, now),
        );
        const stored = await getPost(w, post.id);
        expect(stored.status).to.equal('published');
        expect(stored.targets[0]).to.include({ status: 'published', platformPostId: 'tw-1', platformPostUrl: 'https://x.test/1', attempts: 1 });
        expectError(await patch(post.id, draftBody(w)), 409, 'ConflictError', 'post_not_editable');
        expectError(await publish(post.id), 409, 'ConflictError', 'post_not_publishable');
        expect((await remove(post.id).expect(200)).body).to.deep.equal({ deleted: true });
      });

      it('one published, one failed → partially_failed; all failed → failed', async () => {
        const post = await created(
          w,
          scheduleBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: future() }), target(w, 'BLUESKY', { scheduledAt: future() })] }),
        );
        const [tw, bs] = [targetIdOf(w, post, 'TWITTER'), targetIdOf(w, post, 'BLUESKY')];
        await asWorker(w, post.id, (p, now) => {
          p.startPublishing(tw, now);
          p.markPublished(tw, { platformPostId: 'tw-2', platformPostUrl: null, postedAt: now }, now);
          p.markFailed(bs, 'account revoked', now);
        });
        expect((await getPost(w, post.id)).status).to.equal('partially_failed');
        expectError(await patch(post.id, scheduleBody(w)), 409, 'ConflictError', 'post_not_editable');

        const other = await created(w, scheduleBody(w));
        await asWorker(w, other.id, (p, now) => p.markFailed(targetIdOf(w, other, 'TWITTER'), 'timeout, outcome unknown', now));
        const failed = await getPost(w, other.id);
        expect(failed.status).to.equal('failed');
        expect(failed.targets[0]).to.include({ status: 'failed', error: 'timeout, outcome unknown' });
      });
    });
  });
}
