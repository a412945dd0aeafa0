import { expect } from 'chai';
import { SANDBOX_MARKERS } from '../../../adapters/outbound/publishers/sandbox/sandboxMarkers';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { DEFAULT_GROUP_ID, segment } from '../../support/data/posts';
import { SETTINGS } from '../../support/data/settings';
import { FixedClock } from '../../support/fixedClock';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const HOUR = 3_600_000;

/**
 * `[sandbox:retry]` with two workers (two compositions, as two worker processes are) on one
 * database (docs/decisions.md, "The sandbox platform"): the segment's first call is read from
 * the attempt log, so the retry publishes whichever worker makes it.
 */
for (const kind of DATABASE_KINDS) {
  describe(`sandbox: [sandbox:retry] across two workers sharing one database (${kind})`, function () {
    this.timeout(60_000);
    const clock = new FixedClock();
    const workers: TestApp[] = [];
    let workspaceId: string;
    let connectionId: string;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      const databaseEnv = await freshDatabaseEnv(kind);
      for (let i = 0; i < 2; i++) workers.push(await startTestApp(databaseEnv, {}, { replace: (w) => w.replace(T.Clock, clock) }));
      const given = workers[0]!.given;
      await given.user(OWNER_EMAIL);
      workspaceId = await given.workspace(OWNER_EMAIL);
      connectionId = await given.connection(workspaceId, 'TWITTER', '@sandbox', true);
    });
    after(async () => {
      for (const worker of workers.splice(0)) await worker.close();
    });

    const post = async (text: string): Promise<string> => {
      const created = await workers[0]!.composition.get(T.WritePosts).create(
        { userId: 'user-sandbox', workspaceId, reviewRequired: false, defaultSource: 'api' },
        {
          groups: [{ id: DEFAULT_GROUP_ID, isDefault: true, segments: [segment(text)] }],
          targets: [{ connectionId, groupId: DEFAULT_GROUP_ID, settings: SETTINGS.TWITTER, scheduledAt: null }],
          intent: 'publish_now',
        },
      );
      return created.targets[0]!.id;
    };
    const round = async (worker: number) => (await workers[worker]!.composition.get(T.PublishDueTargets).run(`worker-${worker}`)).results;
    const outcomes = async (targetId: string) =>
      (await workers[0]!.composition.get(T.AttemptLog).listForTarget(workspaceId, targetId)).map((a) => [a.attempt, a.outcome]);

    for (const [first, retry] of [
      [0, 1],
      [1, 0],
    ] as const) {
      it(`fails transiently on its first call (worker ${first}), then publishes on the retry (worker ${retry})`, async () => {
        const targetId = await post(`Once more ${SANDBOX_MARKERS.retry} from ${first} to ${retry}`);
        expect(await round(first)).to.deep.equal([{ targetId, result: 'retry_scheduled' }]);
        clock.advance(HOUR);
        expect(await round(retry)).to.deep.equal([{ targetId, result: 'published' }]);
        expect(await outcomes(targetId)).to.deep.equal([
          [1, 'retryLater'],
          [2, 'published'],
        ]);
      });
    }
  });
}
