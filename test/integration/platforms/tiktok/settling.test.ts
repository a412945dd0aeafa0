import { expect } from 'chai';
import { PlatformConnectors } from '../../../../application/connections/PlatformConnectors';
import { TOKENS as T } from '../../../../config/tokens';
import { Connection } from '../../../../domain/connection/Connection';
import { DATABASE_KINDS, serverFor } from '../../../support/databases';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { EngineHarness } from '../../../support/publishingEngine';
import { requireServer } from '../../../support/services';
import { connectorFor, grantFrom } from './tiktokTestKit';

const CONTENT_INIT = 'POST /v2/post/publish/content/init/';
const STATUS = 'POST /v2/post/publish/status/fetch/';

/**
 * What settles a TikTok call whose answer was lost, through the engine (issue 20): the status
 * of its publish_id, once TikTok named one; TikTok lists no private post and no unmoderated one,
 * so a call lost before it named one (a photo post's init) has no reader to settle it and stays
 * "publish outcome unknown" (TikTokConnector). Never a second post.
 */
for (const kind of DATABASE_KINDS) {
  describe(`TikTok: a lost answer settled by its publish_id, or left unknown, through the engine (${kind})`, function () {
    let fake: TikTokFake;
    let h: EngineHarness;
    let connectionId: string;

    beforeEach(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      fake = await TikTokFake.start();
      // The harness's library signs its links on localhost: a domain verified for the app here.
      fake.state.verifiedDomains = ['localhost'];
      const connector = connectorFor(fake, { now: () => new Date() });
      h = await EngineHarness.start(kind, 'installed', (w) => w.replace(T.PlatformConnectors, new PlatformConnectors([connector])));
      const { openId, username } = fake.state.creator;
      const connection = Connection.create({
        id: `conn-${kind}-tiktok`,
        workspaceId: h.workspaceId,
        platform: 'TIKTOK',
        accountId: openId,
        handle: username,
        publishAs: null,
        now: h.clock.now(),
      });
      await h.composition.get(T.ConnectionRepository).save(connection);
      await h.composition.get(T.ConnectionCredentials).save(connection.id, grantFrom(fake.tokens()), h.clock.now());
      connectionId = connection.id;
    });
    afterEach(async () => {
      await h?.close();
      await fake?.stop();
      fake?.expectNoViolations();
    });

    const post = (text: string) => h.post([text], { connection: { id: connectionId, platform: 'TIKTOK' } });

    it('the answer to a status check lost: checked again later with the same publish_id, published once', async () => {
      const created = await post('Photos, then a lost answer');
      await h.publishDue();
      expect((await h.target(created.id)).status).to.equal('pending');
      fake.answerNext(STATUS, { kind: 'actThenDrop' });
      h.clock.advanceSeconds(15);
      await h.publishDue();
      expect((await h.target(created.id)).status).to.equal('pending');
      h.clock.advanceSeconds(120);
      await h.publishDue();
      const target = await h.target(created.id);
      expect(target.status, target.error ?? '').to.equal('published');
      expect(fake.requestsTo('POST', '/v2/post/publish/content/init/'), 'posted once').to.equal(1);
    });

    it('a photo post’s init whose answer was lost: "publish outcome unknown" at once, no read to settle it, never posted twice', async () => {
      fake.answerNext(CONTENT_INIT, { kind: 'actThenDrop' });
      const created = await post('Lost with its publish_id');
      await h.publishDue();
      const target = await h.target(created.id);
      expect(target.status).to.equal('failed');
      expect(target.error).to.match(/^publish outcome unknown: the connection to .* failed/);
      h.clock.advanceSeconds(3_600);
      await h.publishDue();
      expect(fake.state.publishes.size, 'TikTok made it once, and was never asked again').to.equal(1);
    });
  });
}
