import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import {
  OTHER_OWNER,
  OWNER,
  SETTINGS,
  asWorker,
  bearer,
  created,
  draftBody,
  expectError,
  getPost,
  scheduleBody,
  startPostsWorld,
  targetIdOf,
  type PostsWorld,
} from './postsFixture';

for (const kind of DATABASE_KINDS) {
  describe(`posts: workspace isolation on ${kind}`, function () {
    let w: PostsWorld;
    /** A post of workspace A (w.ws) with a failed target, and workspace B's paths. */
    let postId: string;
    let targetId: string;
    let original: unknown;
    let otherPosts: string;

    before(async function () {
      w = await startPostsWorld(this, kind);
      const post = await created(w, scheduleBody(w));
      postId = post.id;
      targetId = targetIdOf(w, post, 'TWITTER');
      await asWorker(w, postId, (p, now) => p.markFailed(targetId, 'boom', now));
      original = await getPost(w, postId);
      otherPosts = `/v1/workspaces/${w.otherWs}/posts`;
    });
    after(async () => w?.t.close());

    /** Every operation on the post, through workspace B's path, with a credential valid for B. */
    const throughB = (token: () => string) => {
      const b = () => bearer(token());
      return [
        ['get', () => w.api.get(`${otherPosts}/${postId}`).set(b())],
        ['update', () => w.api.patch(`${otherPosts}/${postId}`).set(b()).send(draftBody(w))],
        ['remove', () => w.api.delete(`${otherPosts}/${postId}`).set(b())],
        ['targets', () => w.api.get(`${otherPosts}/${postId}/targets`).set(b())],
        ['publishNow', () => w.api.post(`${otherPosts}/${postId}/publish`).set(b())],
        ['updateTarget', () => w.api.patch(`${otherPosts}/${postId}/targets/${targetId}`).set(b()).send({ settings: SETTINGS.TWITTER })],
        ['retryTarget', () => w.api.post(`${otherPosts}/${postId}/targets/${targetId}/retry`).set(b())],
        ['reviews', () => w.api.get(`${otherPosts}/${postId}/reviews`).set(b())],
        ['review', () => w.api.post(`${otherPosts}/${postId}/reviews`).set(b()).send({ decision: 'approved' })],
      ] as const;
    };

    for (const credential of ['api_key', 'session'] as const) {
      describe(`with B's owner ${credential === 'api_key' ? 'API key' : 'session'}`, () => {
        let token: string;
        before(async () => {
          token = credential === 'api_key' ? w.otherKey : await w.t.given.session(OTHER_OWNER);
        });
        for (const [operation, send] of throughB(() => token)) {
          it(`${operation}: a post of workspace A is 404 post_not_found through workspace B`, async () => {
            expectError(await send(), 404, 'NotFoundError', 'post_not_found');
          });
        }
      });
    }

    it("B lists none of A's posts", async () => {
      const res = await w.api.get(otherPosts).set(bearer(w.otherKey)).expect(200);
      expect(res.body.data.map((p: { id: string }) => p.id)).to.not.include(postId);
    });

    it("a member of both workspaces still gets 404 for A's post through B", async () => {
      await w.t.given.member(w.otherWs, OWNER, 'editor');
      const session = await w.t.given.session(OWNER);
      expectError(await w.api.get(`${otherPosts}/${postId}`).set(bearer(session)), 404, 'NotFoundError', 'post_not_found');
      expectError(await w.api.delete(`${otherPosts}/${postId}`).set(bearer(session)), 404, 'NotFoundError', 'post_not_found');
      await w.api.get(`${w.posts}/${postId}`).set(bearer(session)).expect(200);
    });

    it("A's API key on B's paths is 403 workspace_not_allowed; a stranger's session on A's path is 404", async () => {
      expectError(await w.api.get(`${otherPosts}/${postId}`).set(bearer(w.key)), 403, 'ForbiddenError', 'workspace_not_allowed');
      const stranger = await w.t.given.session(OTHER_OWNER);
      const hidden = await w.api.get(`${w.posts}/${postId}`).set(bearer(stranger));
      expectError(hidden, 404, 'NotFoundError', 'workspace_not_found');
    });

    it("left A's post untouched after all of that", async () => {
      expect(await getPost(w, postId)).to.deep.equal(original);
    });
  });
}
