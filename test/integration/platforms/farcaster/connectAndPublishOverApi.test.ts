import { expect } from 'chai';
import { ConnectApprovedSigners } from '../../../../application/connections/ConnectApprovedSigners';
import { TOKENS as T } from '../../../../config/tokens';
import { NeynarFake } from '../../../support/fakes/neynarFake';
import { APP_MNEMONIC } from '../../../support/fakes/neynarFakeState';
import { FixedClock } from '../../../support/fixedClock';
import { OTHER_OWNER_EMAIL } from '../../../support/data/people';
import { DEFAULT_GROUP_ID, group, segment, targetOn } from '../../../support/data/posts';
import { DATABASE_KINDS, serverFor } from '../../../support/databases';
import { type ApiClient } from '../../../support/openapi';
import { requireServer } from '../../../support/services';
import { startAppWithOwner } from '../../../support/platformOverApi';
import { type TestApp } from '../../../support/testApp';

const BASE_URL = 'https://dispatch.example';
const DAY_SECONDS = 86_400;

/**
 * Farcaster through the API, the housekeeping chore and the engine: a signer asked for, approved
 * in the account's app (the fake), made into a connection by the chore, a post cast to it; the
 * signer revoked, the connection needs reconnecting; an unapproved signer dropped at its deadline.
 */
for (const kind of DATABASE_KINDS)
  describe(`Farcaster over the API on ${kind}: the signer approved, the chore connects it, the engine casts`, function () {
    this.timeout(30_000);
    const clock = new FixedClock(new Date());
    let fake: NeynarFake;
    let t: TestApp;
    let http: ApiClient;
    let ws: string;
    let auth: { Authorization: string };

    before(async function () {
      const server = serverFor(kind);
      if (server !== null) await requireServer(this, server);
      fake = await NeynarFake.start();
      const env = {
        BASE_URL,
        NEYNAR_API_KEY: fake.state.apiKey,
        FARCASTER_APP_FID: String(fake.state.appFid),
        FARCASTER_APP_MNEMONIC: APP_MNEMONIC,
        NEYNAR_API_BASE_URL: fake.baseUrl,
      };
      ({ t, http, ws, auth } = await startAppWithOwner(env, { clock, database: kind }));
    });
    afterEach(() => fake.expectNoViolations());
    after(async () => {
      await t?.close();
      await fake?.stop();
    });

    // Neynar's deadlines are real time; the service's clock starts there in each test.
    beforeEach(() => clock.set(new Date()));

    const chore = () => t.composition.get(T.ConnectApprovedSigners).sweep();
    const connections = async (workspace = ws, credentials = auth) =>
      (await http.get(`/v1/workspaces/${workspace}/connections`).set(credentials).expect(200)).body.data as Array<Record<string, unknown>>;
    const signerLookups = () => fake.requestsTo('GET', '/v2/farcaster/signer/');

    async function authorize(): Promise<string> {
      const before = new Set(fake.state.signers.keys());
      const started = await http.post(`/v1/workspaces/${ws}/connections/authorize`).set(auth).send({ platform: 'FARCASTER' }).expect(200);
      const uuid = [...fake.state.signers.keys()].find((k) => !before.has(k))!;
      expect(started.body).to.deep.equal({ authorizationUrl: fake.state.signers.get(uuid)!.signer_approval_url });
      return uuid;
    }

    it('lists Farcaster as configured, connected by a signer', async () => {
      const listed = (await http.get('/v1/platforms').set(auth).expect(200)).body.data.find((p: { platform: string }) => p.platform === 'FARCASTER');
      expect(listed).to.include({ configured: true, authKind: 'signer' });
    });

    it('connects the account once it approves the signer, publishes a cast, and needs reconnecting once the signer is revoked', async () => {
      const uuid = await authorize();
      expect(await chore()).to.deep.equal({ connected: 0, dropped: 0 });
      expect(await connections(), 'no connection before the approval').to.deep.equal([]);

      fake.approve(uuid);
      const lookups = signerLookups();
      const [one, other] = await Promise.all([chore(), chore()]);
      expect(signerLookups() - lookups, 'one question at a time per signer').to.equal(1);
      expect(one.connected + other.connected).to.equal(1);
      const [connection] = await connections();
      expect(connection).to.include({ platform: 'FARCASTER', status: 'active', accountId: '4242', handle: 'ada', displayName: 'Ada Lovelace', sandbox: false });
      expect(await chore(), 'the pending signer is gone once connected').to.deep.equal({ connected: 0, dropped: 0 });

      const engine = t.composition.get(T.PublishDueTargets);
      const post = async (text: string) =>
        (
          await http
            .post(`/v1/workspaces/${ws}/posts`)
            .set(auth)
            .send({
              groups: [group(DEFAULT_GROUP_ID, true, [segment(text)])],
              targets: [{ ...targetOn(connection!.id as string, 'FARCASTER'), groupId: DEFAULT_GROUP_ID }],
              intent: 'publish_now',
            })
            .expect(200)
        ).body.id as string;
      const targetOf = async (id: string) => (await http.get(`/v1/workspaces/${ws}/posts/${id}`).set(auth).expect(200)).body.targets[0];

      const first = await post('gm from Dispatch');
      await engine.run('worker-1');
      const published = await targetOf(first);
      expect(published, published.error ?? '').to.include({ status: 'published', platformPostId: fake.state.casts[0]!.hash });
      expect(fake.state.casts[0]!.body).to.include({ signer_uuid: uuid, text: 'gm from Dispatch' });

      fake.revoke(uuid);
      const second = await post('after the signer was removed');
      await engine.run('worker-1');
      expect((await targetOf(second)).status).to.not.equal('published');
      const [reconnect] = await connections();
      expect(reconnect).to.include({ status: 'needs_reconnect', statusReason: 'Neynar: the account revoked this signer; connect the Farcaster account again' });
      expect(fake.state.casts).to.have.length(1);
    });

    it('a signer never approved is dropped past its deadline', async () => {
      const uuid = await authorize();
      clock.advanceSeconds(DAY_SECONDS - 60);
      expect(await chore()).to.deep.equal({ connected: 0, dropped: 0 });
      clock.advanceSeconds(120);
      expect(await chore()).to.deep.equal({ connected: 0, dropped: 1 });
      fake.approve(uuid);
      const lookups = signerLookups();
      expect(await chore(), 'never asked about again').to.deep.equal({ connected: 0, dropped: 0 });
      expect(signerLookups()).to.equal(lookups);
    });

    it('two workers settling one approved signer make one connection', async () => {
      const otherWorker = () =>
        new ConnectApprovedSigners(
          t.composition.get(T.PendingSigners),
          t.composition.get(T.PlatformConnectors),
          t.composition.get(T.ConnectionRepository),
          t.composition.get(T.ConnectionCredentials),
          t.composition.get(T.UnitOfWork),
          t.composition.get(T.IdGenerator),
          clock,
        ).sweep();
      fake.state.users.set(5151, { fid: 5151, username: 'grace', display_name: 'Grace Hopper', pfp_url: 'https://i.example/grace.png' });
      const uuid = await authorize();
      fake.approve(uuid, 5151);
      const results = await Promise.all([chore(), otherWorker()]);
      expect(results.reduce((sum, r) => sum + r.connected, 0)).to.equal(1);
      expect((await connections()).filter((c) => c.accountId === '5151')).to.have.length(1);
    });

    it('another workspace never sees the connection or the signer', async () => {
      await t.given.user(OTHER_OWNER_EMAIL);
      const other = await t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
      const otherAuth = { Authorization: `Bearer ${(await t.given.apiKey(other, OTHER_OWNER_EMAIL, 'owner')).key}` };
      const uuid = await authorize();
      fake.approve(uuid, 4242);
      await chore();
      expect(await connections(other, otherAuth)).to.deep.equal([]);
      expect((await connections()).every((c) => c.platform === 'FARCASTER')).to.equal(true);
    });
  });
