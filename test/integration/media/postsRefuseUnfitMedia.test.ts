import { expect } from 'chai';
import { type Response } from 'supertest';
import { makePng } from '../../support/mediaFiles';
import { bearer, bodyFor, create, type PostsWorld, startPostsWorld } from '../posts/postsFixture';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';

/** The 422 invalid_post detail at `path`: its message. */
function problemAt(res: Response, at: string): string {
  expect(res.status, JSON.stringify(res.body)).to.equal(422);
  expect(res.body.error).to.include({ type: 'ValidationError', code: 'invalid_post' });
  const detail = (res.body.error.details as { path: string; message: string }[]).find((d) => d.path === at);
  expect(detail, JSON.stringify(res.body.error.details)).to.not.equal(undefined);
  return detail!.message;
}

describe('posts refuse media unfit for their targets, or not of their workspace', () => {
  let w: PostsWorld;
  let png: string;
  let foreignPhoto: string;

  /** A body for `platform` whose media slot carries `photo` (YouTube's carries `video`). */
  const bodyWith = (platform: Parameters<typeof bodyFor>[1], media: { photo?: string; video?: string }) =>
    bodyFor({ conn: w.conn, media: { photo: media.photo ?? w.media.photo, video: media.video ?? w.media.video } }, platform);

  before(async function () {
    w = await startPostsWorld(this, 'sqlite');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-posts-media-'));
    const file = await makePng(dir, 1080, 1080);
    const res = await w.api.post(`/v1/workspaces/${w.ws}/media/upload`).set(bearer(w.key)).attach('file', file, { contentType: 'image/png' }).expect(201);
    fs.rmSync(dir, { recursive: true, force: true });
    png = res.body.id;
    foreignPhoto = await w.t.given.media(w.otherWs, 'photo');
  });
  after(async () => w?.t.close());

  it('a PNG for Instagram (JPEG only): 422 at the media item, naming INSTAGRAM', async () => {
    const res = await create(w, bodyWith('INSTAGRAM', { photo: png }));
    expect(problemAt(res, 'groups[0].segments[0].media[0]')).to.include('INSTAGRAM');
  });

  it("another workspace's media item: 422, as for one that does not exist", async () => {
    const foreign = await create(w, bodyWith('INSTAGRAM', { photo: foreignPhoto }));
    expect(problemAt(foreign, 'groups[0].segments[0].media[0].id')).to.equal('does not name a media item of this workspace');
    const unknown = await create(w, bodyWith('INSTAGRAM', { photo: 'no-such-media' }));
    expect(problemAt(unknown, 'groups[0].segments[0].media[0].id')).to.equal('does not name a media item of this workspace');
  });

  it('a photo for YouTube (video only): 422 at the media item, naming YOUTUBE', async () => {
    const res = await create(w, bodyWith('YOUTUBE', { video: w.media.photo }));
    expect(problemAt(res, 'groups[0].segments[0].media[0]')).to.include('YOUTUBE');
  });

  it('media that fit: the post is created, for Instagram and for YouTube', async () => {
    const instagram = await create(w, bodyWith('INSTAGRAM', {}));
    expect(instagram.status, JSON.stringify(instagram.body)).to.equal(200);
    const youtube = await create(w, bodyWith('YOUTUBE', {}));
    expect(youtube.status, JSON.stringify(youtube.body)).to.equal(200);
    expect(youtube.body.groups[0].segments[0].media[0].id).to.equal(w.media.video);
  });
});
