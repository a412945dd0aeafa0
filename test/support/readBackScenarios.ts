import { expect } from 'chai';
import { PlatformConnectors } from '../../application/connections/PlatformConnectors';
import { type PlatformConnector } from '../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../application/ports/platforms/PlatformGrant';
import { retryMayHelp } from '../../application/publishing/failureReasons';
import { TOKENS as T } from '../../config/tokens';
import { Connection, type ConnectionPublishAs } from '../../domain/connection/Connection';
import { type Platform } from '../../domain/platform/Platform';
import { type DatabaseKind, serverFor } from './databases';
import { EngineHarness } from './publishingEngine';
import { requireServer } from './services';

/** A platform's checking fake, as the read-back scenarios drive it. */
export interface ReadBackWorld {
  readonly platform: Platform;
  readonly connector: PlatformConnector;
  readonly grant: PlatformGrant;
  readonly account: { readonly accountId: string; readonly handle: string };
  /** The page, board or channel the connection publishes as, where the platform needs one (a Pinterest board). */
  readonly publishAs?: ConnectionPublishAs;
  /**
   * Segments posted before the one whose answer is lost, where the platform settles only later
   * segments by reading back (YouTube: a video's upload resumes on its session; its comments are read back).
   */
  readonly leading?: readonly string[];
  /** The fake keeps time on this clock from now on (its posts' creation times). */
  useClock(now: () => Date): void;
  /** The next call that creates a post: recorded, then the connection dropped without an answer. */
  loseAnswerAfterPosting(): void;
  /** The next call that creates a post: the connection dropped before anything is recorded. */
  loseRequest(): void;
  /** The next read of the account's posts fails. */
  failNextRead(): void;
  /** The posts the fake holds for the account (what a user would see on the platform). */
  posts(): number;
  /** What the published target's URL must be, given its post id. */
  urlOf(platformPostId: string): string;
  stop(): Promise<void>;
}

/**
 * Issue 20's settling tests for one platform, through the engine on SQLite and MariaDB: a post
 * that went out though its answer was lost is found (published with the real URL, one post on
 * the platform); one that never went out is failed, retryable, once the platform's visibility
 * delay has passed; a read that fails leaves the outcome unknown. Never a second post.
 */
export function readBackScenarios(name: string, start: () => Promise<ReadBackWorld>, kinds: readonly DatabaseKind[] = ['sqlite', 'mysql']): void {
  for (const kind of kinds) {
    describe(`${name}: an unknown outcome settled by reading the account back, through the engine (${kind})`, function () {
      let world: ReadBackWorld;
      let h: EngineHarness;
      let connectionId: string;

      beforeEach(async function () {
        const server = serverFor(kind);
        if (server) await requireServer(this, server);
        world = await start();
        h = await EngineHarness.start(kind, 'installed', (w) => w.replace(T.PlatformConnectors, new PlatformConnectors([world.connector])));
        world.useClock(() => h.clock.now());
        const connection = Connection.create({
          id: `conn-${kind}-read-back`,
          workspaceId: h.workspaceId,
          platform: world.platform,
          ...world.account,
          publishAs: world.publishAs ?? null,
          now: h.clock.now(),
        });
        await h.composition.get(T.ConnectionRepository).save(connection);
        await h.composition.get(T.ConnectionCredentials).save(connection.id, world.grant, h.clock.now());
        connectionId = connection.id;
      });
      afterEach(async () => {
        await h?.close();
        await world?.stop();
      });

      /** A reason names the segment it is about where the post has several. */
      const inLastSegment = () => (world.leading?.length ? `segment ${world.leading.length + 1} of ${world.leading.length + 1}: ` : '');
      const post = (text: string) => h.post([...(world.leading ?? []), text], { connection: { id: connectionId, platform: world.platform } });
      /** Rounds of the engine until the target is settled (each a few seconds on), at most `rounds` (one more per leading segment). */
      async function settle(postId: string, rounds = 4 + (world.leading?.length ?? 0)) {
        for (let round = 0; round < rounds; round++) {
          await h.publishDue();
          const target = await h.target(postId);
          if (target.status === 'published' || target.status === 'failed') return target;
          h.clock.advanceSeconds(round === 0 ? 5 : 120);
        }
        return h.target(postId);
      }

      it('posted, its answer lost: published with the platform’s own URL, one post there', async () => {
        world.loseAnswerAfterPosting();
        const created = await post('Read back after a lost answer');
        const target = await settle(created.id);
        expect(target.status, target.error ?? '').to.equal('published');
        expect(target.platformPostUrl).to.equal(world.urlOf(target.platformPostId!));
        expect(world.posts()).to.equal(1);
        const log = await h.composition.get(T.AttemptLog).listForTarget(h.workspaceId, target.id);
        expect(log.map((a) => [a.outcome, a.readBack])).to.deep.include.members([['published', true]]);
      });

      it('never posted: failed once the platform lists every new post, retryable, nothing posted', async () => {
        world.loseRequest();
        const created = await post('Lost on the way there');
        const target = await settle(created.id);
        expect(target.status).to.equal('failed');
        expect(target.error).to.match(new RegExp(`^${inLastSegment()}nothing was posted: .*reading the account back found no such post$`));
        expect(retryMayHelp(target.error!)).to.equal(true);
        expect(world.posts()).to.equal(0);
      });

      it('posted, its answer lost, the read failing: still "publish outcome unknown", nothing posted twice', async () => {
        world.loseAnswerAfterPosting();
        world.failNextRead();
        const created = await post('Unknown, and it stays so');
        const target = await settle(created.id);
        expect(target.status).to.equal('failed');
        expect(target.error).to.match(new RegExp(`^${inLastSegment()}publish outcome unknown: .*; reading the account back failed: `));
        expect(world.posts()).to.equal(1);
      });
    });
  }
}
