import { expect } from 'chai';
import { type PublishingWorker } from '../../../../adapters/inbound/worker/PublishingWorker';
import { buildPublishingWorker } from '../../../../config/publishingWorker';
import { BlueskyPds, type PdsAccount } from '../../../support/blueskyPds';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../../support/data/posts';
import { type ApiClient } from '../../../support/openapi';
import { type AppWithOwner, startAppWithOwner } from '../../../support/platformOverApi';
import { type TestApp } from '../../../support/testApp';
import { eventually } from '../../../support/workerProcess';

/** Through the API and the worker, on the reference PDS: what a user of a real Bluesky account does. */
describe('Bluesky over the API: connect with an app password, publish a thread with a picture, disconnect', function () {
  this.timeout(60_000);
  let pds: BlueskyPds;
  let account: PdsAccount;
  let t: TestApp;
  let http: ApiClient;
  let worker: PublishingWorker;
  let ws: string;
  let auth: { Authorization: string };

  before(async () => {
    pds = await BlueskyPds.start();
    account = await pds.createAccount('apiuser');
    // The PDS listens on this machine: the operator setting lets the service reach it.
    ({ t, http, ws, auth } = await startAppWithOwner({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' }));
    worker = buildPublishingWorker(t.composition, 20);
    worker.start();
  });
  after(async () => {
    await worker?.stop(5000);
    await t?.close();
    await pds?.stop();
  });

  const connect = () =>
    http
      .post(`/v1/workspaces/${ws}/connections`)
      .set(auth)
      .send({ platform: 'BLUESKY', handle: `@${account.handle}`, appPassword: account.appPassword, service: pds.url });

  it('lists Bluesky as configured (it needs no app credentials) and LinkedIn as not', async () => {
    const { body } = await http.get('/v1/platforms').set(auth).expect(200);
    const byPlatform = new Map(body.data.map((p: { platform: string }) => [p.platform, p]));
    expect(byPlatform.get('BLUESKY')).to.include({ configured: true, authKind: 'app_password' });
    expect(byPlatform.get('LINKEDIN')).to.include({ configured: false, authKind: 'oauth2' });
  });

  it('connects, publishes a two-segment thread with a picture as the account, and the PDS holds both records', async () => {
    const connected = await connect();
    expect(connected.status, JSON.stringify(connected.body)).to.equal(201);
    expect(connected.body).to.include({ platform: 'BLUESKY', handle: account.handle, accountId: account.did, status: 'active', sandbox: false });
    expect((await connect()).body.id, 'the same account connected again is the same connection').to.equal(connected.body.id);

    const photo = await t.given.media(ws, 'photo');
    const created = await http
      .post(`/v1/workspaces/${ws}/posts`)
      .set(auth)
      .send({
        groups: [
          group(DEFAULT_GROUP_ID, true, [segment('Hello from Dispatch to a real PDS', [media(photo, { altText: 'a blue square' })]), segment('and a reply')]),
        ],
        targets: [{ ...targetOn(connected.body.id, 'BLUESKY'), groupId: DEFAULT_GROUP_ID }],
        intent: 'publish_now',
      })
      .expect(200);
    let target: { status: string; platformPostId: string; platformPostUrl: string; error: string | null } | undefined;
    await eventually(
      async () => {
        target = (await http.get(`/v1/workspaces/${ws}/posts/${created.body.id}`).set(auth).expect(200)).body.targets[0];
        return target!.status !== 'pending' && target!.status !== 'publishing';
      },
      20_000,
      'the target settled',
    );
    expect(target, target?.error ?? '').to.include({ status: 'published' });
    expect(target!.platformPostId).to.match(new RegExp(`^at://${account.did}/app.bsky.feed.post/`));
    expect(target!.platformPostUrl).to.match(new RegExp(`^https://bsky.app/profile/${account.did}/post/`));
    const rkey = target!.platformPostId.split('/').pop()!;
    const record = (await pds.reader().com.atproto.repo.getRecord({ repo: account.did, collection: 'app.bsky.feed.post', rkey })).data.value as {
      text: string;
      embed: { images: Array<{ alt: string }> };
    };
    expect(record.text).to.equal('Hello from Dispatch to a real PDS');
    expect(record.embed.images[0]!.alt).to.equal('a blue square');
    const replies = (await pds.reader().com.atproto.repo.listRecords({ repo: account.did, collection: 'app.bsky.feed.post' })).data.records;
    expect(replies.map((r) => (r.value as { text: string }).text)).to.have.members(['Hello from Dispatch to a real PDS', 'and a reply']);
  });

  it('disconnects: 204, the connection listed as disconnected, and new posts cannot name it', async () => {
    const id = (await connect()).body.id;
    await http.delete(`/v1/workspaces/${ws}/connections/${id}`).set(auth).expect(204);
    const listed = (await http.get(`/v1/workspaces/${ws}/connections`).set(auth).expect(200)).body.data.find((c: { id: string }) => c.id === id);
    expect(listed).to.include({ status: 'disconnected' });
    const refused = await http
      .post(`/v1/workspaces/${ws}/posts`)
      .set(auth)
      .send({ groups: [group(DEFAULT_GROUP_ID, true, [segment('x')])], targets: [{ ...targetOn(id, 'BLUESKY'), groupId: DEFAULT_GROUP_ID }], intent: 'draft' });
    expect(refused.status).to.equal(422);
    expect((await connect()).body).to.include({ id, status: 'active' });
  });
});

describe('Bluesky over the API without the operator setting: a private service is refused', function () {
  this.timeout(60_000);
  let pds: BlueskyPds;
  let o: AppWithOwner;

  before(async () => {
    pds = await BlueskyPds.start();
    o = await startAppWithOwner({});
  });
  after(async () => {
    await o?.t.close();
    await pds?.stop();
  });

  it('answers 422 invalid_service naming the host, and sends the app password nowhere', async () => {
    const account = await pds.createAccount('guarded');
    const res = await o.http
      .post(`/v1/workspaces/${o.ws}/connections`)
      .set(o.auth)
      .send({ platform: 'BLUESKY', handle: account.handle, appPassword: account.appPassword, service: pds.url });
    expect(res.status, JSON.stringify(res.body)).to.equal(422);
    expect(res.body.error.code).to.equal('invalid_service');
    expect(res.body.error.details[0]).to.include({ path: 'service' });
    expect(res.body.error.details[0].message).to.match(/private address/);
  });
});
