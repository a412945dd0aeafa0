import path from 'node:path';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { filesUnder } from './mediaFixture';
import { bearer, created, draftBody, group, media, scheduleBody, segment, startPostsWorld, type PostsWorld, DEFAULT_GROUP_ID } from '../posts/postsFixture';

for (const kind of DATABASE_KINDS) {
  describe(`media: deleting an item (${kind})`, () => {
    let w: PostsWorld;
    let mediaPath: string;
    let storedFiles: () => string[];

    before(async function () {
      w = await startPostsWorld(this, kind);
      mediaPath = `/v1/workspaces/${w.ws}/media`;
      storedFiles = () => filesUnder(path.join(w.t.config.media.directory, w.ws));
    });
    after(async () => w?.t.close());

    it('is refused while a scheduled post carries it (409 media_in_use), allowed once the post is deleted: 204, its file gone, then 404', async () => {
      const photo = w.media.photo;
      const post = await created(w, scheduleBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('With a photo', [media(photo)])])] }));
      expect(post.status).to.equal('scheduled');
      expect(storedFiles()).to.include(photo);

      const refused = await w.api.delete(`${mediaPath}/${photo}`).set(bearer(w.key)).expect(409);
      expect(refused.body.error).to.include({ type: 'ConflictError', code: 'media_in_use' });
      await w.api.get(`${mediaPath}/${photo}`).set(bearer(w.key)).expect(200);

      await w.api.delete(`${w.posts}/${post.id}`).set(bearer(w.key)).expect(200);
      await w.api.delete(`${mediaPath}/${photo}`).set(bearer(w.key)).expect(204);
      expect(storedFiles()).to.not.include(photo);
      await w.api.get(`${mediaPath}/${photo}`).set(bearer(w.key)).expect(404);
      await w.api.delete(`${mediaPath}/${photo}`).set(bearer(w.key)).expect(404);
      const list = await w.api.get(mediaPath).set(bearer(w.key)).expect(200);
      expect(list.body.data.map((m: { id: string }) => m.id)).to.deep.equal([w.media.video]);
    });

    it('a draft naming a deleted item is refused when published now, naming the item (422)', async () => {
      const video = w.media.video;
      const draft = await created(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('With a video', [media(video)])])] }));
      await w.api.delete(`${mediaPath}/${video}`).set(bearer(w.key)).expect(204);
      const refused = await w.api.post(`${w.posts}/${draft.id}/publish`).set(bearer(w.key)).expect(422);
      expect(refused.body.error).to.include({ code: 'invalid_post' });
      expect(refused.body.error.details[0].path).to.equal('groups[0].segments[0].media[0].id');
      expect((await w.api.get(`${w.posts}/${draft.id}`).set(bearer(w.key)).expect(200)).body.status).to.equal('draft');
    });
  });
}
