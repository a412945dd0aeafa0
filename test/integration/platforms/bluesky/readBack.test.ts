import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { PlatformConnectors } from '../../../../application/connections/PlatformConnectors';
import { retryMayHelp } from '../../../../application/publishing/failureReasons';
import { TOKENS as T } from '../../../../config/tokens';
import { BlueskyPds, type PdsAccount } from '../../../support/blueskyPds';
import { serverFor } from '../../../support/databases';
import { FileMediaAccess } from '../../../support/fileMediaAccess';
import { EngineHarness } from '../../../support/publishingEngine';
import { requireServer } from '../../../support/services';
import { TcpProxy } from '../../../support/tcpProxy';
import { eventually } from '../../../support/workerProcess';

const POSTS = 'app.bsky.feed.post';
/** In the createRecord request's body only: the proxy holds the request once all of it has come. */
const CREATE_RECORD_BODY = `"collection":"${POSTS}"`;
const CREATE_RECORD_LINE = 'com.atproto.repo.createRecord';

/**
 * Settling a Bluesky post whose answer was lost (docs/decisions.md, "Settling an unknown
 * outcome"), through the engine on each database, against the reference PDS behind a TCP proxy
 * that loses what a test says. The connector's own lookup of the call's record key (which
 * settles most losses at once) goes through the same proxy and is lost with it, so what
 * settles these is reading the account back.
 */
for (const kind of ['sqlite', 'mysql'] as const) {
  describe(`Bluesky: a lost answer settled by reading the account back, through the engine (${kind}, reference PDS)`, function () {
    this.timeout(60_000);
    let pds: BlueskyPds;
    let account: PdsAccount;
    let proxy: TcpProxy;
    let h: EngineHarness;
    let connectionId: string;
    let accounts = 0;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      pds = await BlueskyPds.start();
    });
    after(() => pds?.stop());

    beforeEach(async () => {
      accounts += 1;
      account = await pds.createAccount(`reader${kind}${accounts}`);
      proxy = new TcpProxy('127.0.0.1', Number(new URL(pds.url).port));
      await proxy.start();
      const connector = blueskyConnector({ clock: () => h.clock.now(), requestTimeoutMs: 5_000 });
      const login = await connector.login({ service: `http://127.0.0.1:${proxy.port}`, identifier: account.handle, appPassword: account.appPassword });
      if (!login.ok) throw new Error(login.failure.reason);
      h = await EngineHarness.start(kind, 'installed', (w) => w.replace(T.PlatformConnectors, new PlatformConnectors([connector])));
      // The PDS's tokens and records keep real time: so does the engine's clock, from now on.
      h.clock.set(new Date());
      connectionId = await h.connection('BLUESKY');
      await h.composition.get(T.ConnectionCredentials).save(connectionId, login.grant, h.clock.now());
    });
    afterEach(async () => {
      await h?.close();
      await proxy?.stop();
    });

    const records = async () => (await pds.reader().com.atproto.repo.listRecords({ repo: account.did, collection: POSTS })).data.records;
    const urlOf = (uri: string) => `https://bsky.app/profile/${account.did}/post/${uri.split('/').pop()}`;
    const post = (text: string) => h.post([text], { connection: { id: connectionId, platform: 'BLUESKY' } });
    const attemptsOf = async (targetId: string) =>
      (await h.composition.get(T.AttemptLog).listForTarget(h.workspaceId, targetId)).map((a) => [a.outcome, a.readBack]);

    /** A round whose createRecord reaches the PDS, which makes the post; then the connection drops before the answer. */
    async function roundWithAnswerLost(): Promise<string | undefined> {
      proxy.stallWhenClientSends(CREATE_RECORD_BODY);
      const round = h.publishDue();
      await eventually(() => proxy.stalled, 10_000, 'the createRecord request at the proxy');
      // The request goes on to the PDS; its answer is held.
      proxy.release();
      proxy.stall();
      await eventually(async () => (await records()).length === 1, 10_000, 'the record in the repository');
      await proxy.stop();
      return (await round).results[0]?.result;
    }

    it('a post made though the connection dropped before its answer: published with its AT URI and URL, and one post only', async () => {
      const { id } = await post('Made, then the line went dead');

      expect(await roundWithAnswerLost()).to.equal('reading_back');
      expect((await h.target(id)).status).to.equal('pending');
      await proxy.start();
      h.clock.advanceSeconds(5);
      expect((await h.publishDue()).results[0]?.result).to.equal('published');

      const made = await records();
      expect(made).to.have.length(1);
      const target = await h.target(id);
      expect(target.toSnapshot()).to.include({ status: 'published', platformPostId: made[0]!.uri, platformPostUrl: urlOf(made[0]!.uri) });
      expect(await attemptsOf(target.id)).to.deep.equal([
        ['outcomeUnknown', false],
        ['published', true],
      ]);
    });

    it('a createRecord dropped before it reached the PDS: failed once the post would be listed, retryable, "nothing was posted"; no post', async () => {
      const { id } = await post('Lost on the way');
      proxy.stallWhenClientSends(CREATE_RECORD_LINE);
      const round = h.publishDue();
      await eventually(() => proxy.stalled, 10_000, 'the createRecord request at the proxy');
      // The held request is dropped with the connection, never forwarded.
      await proxy.stop();
      expect((await round).results[0]?.result).to.equal('reading_back');
      await proxy.start();
      h.clock.advanceSeconds(5);
      // Not listed yet, but a PDS that was slow to answer may still be committing it: read again once it surely would be.
      expect((await h.publishDue()).results[0]?.result).to.equal('processing');
      expect((await h.target(id)).status).to.equal('pending');
      h.clock.advanceSeconds(30);
      expect((await h.publishDue()).results[0]?.result).to.equal('failed');

      const target = await h.target(id);
      expect(target.error).to.match(
        /^nothing was posted: Bluesky gave no answer to the post: fetch failed \(\w+\), and reading the account back found no such post$/,
      );
      expect(retryMayHelp(target.error!)).to.equal(true);
      expect(await records()).to.have.length(0);
      expect(await attemptsOf(target.id)).to.deep.equal([
        ['outcomeUnknown', false],
        ['processing', false],
        ['notPosted', true],
      ]);
      // The user's retry posts it, once.
      await h.retryTarget(id, target.id);
      await h.publishDue();
      expect((await h.target(id)).status).to.equal('published');
      expect(await records()).to.have.length(1);
    });

    it('a read that fails leaves the outcome unknown, and posts nothing more', async () => {
      const { id } = await post('Made, and then the PDS out of reach');

      expect(await roundWithAnswerLost()).to.equal('reading_back');
      h.clock.advanceSeconds(5);
      expect((await h.publishDue()).results[0]?.result).to.equal('failed');

      const target = await h.target(id);
      expect(target.error).to.match(
        /^publish outcome unknown: Bluesky gave no answer to the post: fetch failed \(\w+\); reading the account back failed: Bluesky did not list the account's posts: fetch failed \(ECONNREFUSED\)$/,
      );
      expect(await records()).to.have.length(1);
    });

    it('a worker that stopped mid-call: the expired lease is settled by reading back, not by failing', async () => {
      const { id } = await post('Made just before the crash');
      // A worker claims and begins, calls the PDS (which posts), and dies before recording.
      const [job] = await h.queue.claimDue({ owner: 'dead-worker', now: h.clock.now(), leaseMs: 60_000, limit: 1 });
      const begun = await h.beginAttempt(job!);
      if (!('call' in begun)) throw new Error(`nothing begun: ${begun.settled}`);
      const grant = await h.composition.get(T.ConnectionCredentials).find(connectionId);
      if (grant === null) throw new Error('the connection has no grant');
      const connector = blueskyConnector({ clock: () => h.clock.now() });
      const made = await connector.publisher.publish(begun.call, grant, new FileMediaAccess(), UNNAMED_ACCOUNT);
      if (made.kind !== 'published') throw new Error(`${made.kind}: ${made.reason}`);

      h.clock.advanceSeconds(61);
      expect((await h.settleExpired()).map((r) => r.result)).to.deep.equal(['reading_back']);
      h.clock.advanceSeconds(5);
      await h.publishDue();

      const target = await h.target(id);
      expect(target.toSnapshot()).to.include({ status: 'published', platformPostId: made.platformPostId, platformPostUrl: urlOf(made.platformPostId) });
      expect(await records()).to.have.length(1);
    });
  });
}
