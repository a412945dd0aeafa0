import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { bearer, create, created, draftBody, expectValidation, getPost, scheduleBody, startPostsWorld, target, type PostsWorld } from './postsFixture';

/** docs/product.md: any RFC 3339 time with an offset on input; RFC 3339 in UTC with milliseconds on output. */
const ACCEPTED: [string, string][] = [
  ['2099-05-06T07:08:09.789Z', '2099-05-06T07:08:09.789Z'],
  ['2099-05-06T09:08:09.789+02:00', '2099-05-06T07:08:09.789Z'],
  ['2099-01-01T10:00:00.123456789+05:30', '2099-01-01T04:30:00.123Z'],
  ['2099-01-01T10:00:00.7-00:00', '2099-01-01T10:00:00.700Z'],
  ['2099-06-15T12:00:00.5+14:00', '2099-06-14T22:00:00.500Z'],
  ['2099-01-01t10:00:00z', '2099-01-01T10:00:00.000Z'],
  ['2096-02-29T10:00:00Z', '2096-02-29T10:00:00.000Z'],
];

/** Not RFC 3339 date-times: the DTO refuses them by format. */
const MALFORMED = ['tomorrow', '2099-01-01', '2099-01-01T10:00:00', '2099-01-32T10:00:00Z', '2099-00-10T10:00:00Z', '2099-01-01T24:00:00Z', '1735725600000'];

/** Well-formed but impossible calendar dates (RFC 3339 §5.7: the day must exist in that month and year). */
const IMPOSSIBLE = ['2099-02-30T10:00:00Z', '2099-04-31T10:00:00Z', '2099-02-29T10:00:00Z', '2100-02-29T10:00:00Z'];

for (const kind of DATABASE_KINDS) {
  describe(`posts: scheduledAt formats on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    const scheduleAt = (scheduledAt: unknown) => scheduleBody(w, { targets: [target(w, 'TWITTER', { scheduledAt })] });
    const updateTarget = (postId: string, targetId: string, body: object) =>
      w.api.patch(`${w.posts}/${postId}/targets/${targetId}`).set(bearer(w.key)).send(body);

    for (const [input, output] of ACCEPTED) {
      it(`accepts ${input} and stores it as ${output} (milliseconds kept)`, async () => {
        const post = await created(w, scheduleAt(input));
        expect(post.targets[0]!.scheduledAt).to.equal(output);
        expect((await getPost(w, post.id)).targets[0]!.scheduledAt).to.equal(output);
      });
    }

    it('returns createdAt and updatedAt in UTC with milliseconds; an edit moves updatedAt only', async () => {
      const post = await created(w, draftBody(w));
      const utcMs = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
      expect(post.createdAt).to.match(utcMs);
      expect(post.updatedAt).to.equal(post.createdAt);
      w.clock.advance(1000);
      const edited = (await w.api.patch(`${w.posts}/${post.id}`).set(bearer(w.key)).send(draftBody(w)).expect(200)).body;
      expect(edited.createdAt).to.equal(post.createdAt);
      expect(Date.parse(edited.updatedAt) - Date.parse(post.updatedAt as string)).to.be.at.least(1000);
      expect(await getPost(w, post.id)).to.include({ createdAt: post.createdAt, updatedAt: edited.updatedAt });
    });

    for (const bad of MALFORMED) {
      it(`refuses ${JSON.stringify(bad)} at create and at updateTarget (422 naming scheduledAt)`, async () => {
        expectValidation(await create(w, scheduleAt(bad)), 'invalid_body', ['targets[0].scheduledAt']);
        expectValidation(await create(w, draftBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: bad })] })), 'invalid_body', ['targets[0].scheduledAt']);
        const post = await created(w, draftBody(w));
        expectValidation(await updateTarget(post.id, post.targets[0]!.id as string, { scheduledAt: bad }), 'invalid_body', ['scheduledAt']);
      });
    }

    it('refuses a scheduledAt in the past when scheduling, at create, update and updateTarget', async () => {
      const pastTime = new Date(Date.now() - 60_000).toISOString();
      expectValidation(await create(w, scheduleAt(pastTime)), 'invalid_post', ['targets[0].scheduledAt']);
      const post = await created(w, scheduleBody(w));
      expectValidation(await w.api.patch(`${w.posts}/${post.id}`).set(bearer(w.key)).send(scheduleAt(pastTime)), 'invalid_post', ['targets[0].scheduledAt']);
      expectValidation(await updateTarget(post.id, post.targets[0]!.id as string, { scheduledAt: pastTime }), 'invalid_target', ['scheduledAt']);
    });

    for (const impossible of IMPOSSIBLE) {
      it(`refuses the impossible date ${impossible} at create and at updateTarget instead of rolling it over`, async () => {
        const res = await create(w, scheduleAt(impossible));
        expect(res.status, `stored as ${JSON.stringify(res.body?.targets?.[0]?.scheduledAt)}`).to.equal(422);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).to.include('targets[0].scheduledAt');
        const post = await created(w, draftBody(w));
        const update = await updateTarget(post.id, post.targets[0]!.id as string, { scheduledAt: impossible });
        expect(update.status, `stored as ${JSON.stringify(update.body?.scheduledAt)}`).to.equal(422);
        expect(update.body.error.details.map((d: { path: string }) => d.path)).to.include('scheduledAt');
      });
    }
  });
}
