import { expect } from 'chai';
import { OTHER_OWNER_EMAIL } from '../../support/data/people';
import { makePng } from '../../support/mediaFiles';
import { type MediaWorld, startMediaWorld, uploaded, uploadFile } from './mediaFixture';

const VIEWER = 'viewer@example.com';

describe('media: who may read and write the library', () => {
  let w: MediaWorld;
  let viewer: { Authorization: string };
  let outsider: { Authorization: string };
  let itemId: string;
  let otherWs: string;

  before(async function () {
    w = await startMediaWorld(this);
    await w.t.given.user(VIEWER);
    await w.t.given.member(w.ws, VIEWER, 'viewer');
    viewer = { Authorization: `Bearer ${(await w.t.given.apiKey(w.ws, VIEWER, 'viewer')).key}` };
    await w.t.given.user(OTHER_OWNER_EMAIL);
    otherWs = await w.t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
    outsider = { Authorization: `Bearer ${await w.t.given.session(OTHER_OWNER_EMAIL)}` };
    itemId = (await uploaded(w, await makePng(w.files, 16, 16))).id;
    expect(otherWs).to.not.equal(w.ws);
  });
  after(async () => w?.close());

  it('a viewer (posts:read) lists and reads the items, but may not upload, import, open an upload or delete (403)', async () => {
    await w.api.get(w.media).set(viewer).expect(200);
    await w.api.get(`${w.media}/${itemId}`).set(viewer).expect(200);
    const upload = await uploadFile(w, await makePng(w.files, 8, 8, 'viewer.png')).set(viewer);
    expect(upload.status).to.equal(403);
    expect(upload.body.error.code).to.equal('insufficient_scope');
    await w.api.post(`${w.media}/imports`).set(viewer).send({ url: 'https://example.com/a.png' }).expect(403);
    await w.api.post(`${w.media}/uploads`).set(viewer).send({ sizeBytes: 10 }).expect(403);
    await w.api.delete(`${w.media}/${itemId}`).set(viewer).expect(403);
    await w.api.get(`${w.media}/${itemId}`).set(w.auth).expect(200);
  });

  it('someone outside the workspace gets 404 for its library and items, and for an item asked through their own workspace', async () => {
    await w.api.get(w.media).set(outsider).expect(404);
    await w.api.get(`${w.media}/${itemId}`).set(outsider).expect(404);
    await w.api.get(`/v1/workspaces/${otherWs}/media/${itemId}`).set(outsider).expect(404);
    await w.api.delete(`/v1/workspaces/${otherWs}/media/${itemId}`).set(outsider).expect(404);
    await w.api.get(`${w.media}/${itemId}`).set(w.auth).expect(200);
  });
});
