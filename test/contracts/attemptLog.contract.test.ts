import { expect } from 'chai';
import { type AttemptLog, type PublishAttempt } from '../../application/ports/AttemptLog';
import { TOKENS as T } from '../../config/tokens';
import { DATABASE_KINDS, type DatabaseKind, serverFor } from '../support/databases';
import { EngineHarness } from '../support/publishingEngine';
import { requireServer } from '../support/services';

const T0 = new Date('2030-01-01T00:00:00.123Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** The AttemptLog port on each adapter the composition binds (memory, SQLite, MariaDB); posts come from the real use cases. */
function attemptLogContract(kind: 'memory' | DatabaseKind): void {
  describe(`AttemptLog contract: ${kind}`, function () {
    let h: EngineHarness;
    let log: AttemptLog;
    let n = 0;

    before(async function () {
      const server = kind === 'memory' ? null : serverFor(kind);
      if (server !== null) await requireServer(this, server);
      h = await EngineHarness.start(kind);
      log = h.composition.get(T.AttemptLog);
    });
    after(() => h?.close());

    const attempt = async (extra: Partial<PublishAttempt> = {}): Promise<PublishAttempt> => {
      const post = extra.postId === undefined ? await h.post(['Hello']) : null;
      const target = post?.targets[0];
      n++;
      return {
        id: `01ATTEMPT${String(n).padStart(17, '0')}`,
        workspaceId: h.workspaceId,
        postId: post?.id ?? extra.postId ?? '',
        targetId: target?.id ?? 'target',
        connectionId: target?.connectionId ?? 'connection',
        attempt: 1,
        segmentIndex: 0,
        startedAt: T0,
        finishedAt: at(250),
        outcome: 'published',
        error: null,
        statusCode: null,
        platformPostId: 'pp_1',
        readBack: false,
        ...extra,
      };
    };

    it("keeps every field of a call and lists a target's calls oldest first, in its workspace only", async () => {
      const first = await attempt({ outcome: 'retryLater', error: 'HTTP 429: slow down', statusCode: 429, platformPostId: null, finishedAt: at(1000) });
      const same = { postId: first.postId, targetId: first.targetId, connectionId: first.connectionId };
      const second = await attempt({
        ...same,
        attempt: 2,
        startedAt: null,
        finishedAt: at(2000),
        outcome: 'outcomeUnknown',
        error: 'timeout',
        platformPostId: null,
      });
      const third = await attempt({ ...same, attempt: 3, segmentIndex: 1, startedAt: at(2500), finishedAt: at(3000), platformPostId: `x${'y'.repeat(500)}` });
      for (const a of [third, first, second]) await log.record(a);
      expect(await log.listForTarget(h.workspaceId, first.targetId)).to.deep.equal([first, second, third]);
      expect(await log.listForTarget('another-workspace', first.targetId)).to.deep.equal([]);
      expect(await log.listForTarget(h.workspaceId, 'unknown-target')).to.deep.equal([]);
    });

    it('tells whether a call for a segment of a target is in the log, whatever its outcome', async () => {
      const first = await attempt({ segmentIndex: 1, outcome: 'retryLater', error: 'busy', platformPostId: null });
      expect(await log.hasCallFor(first.targetId, 1), 'nothing recorded yet').to.equal(false);
      await log.record(first);
      expect(await log.hasCallFor(first.targetId, 1)).to.equal(true);
      expect(await log.hasCallFor(first.targetId, 0), 'another segment').to.equal(false);
      expect(await log.hasCallFor('unknown-target', 1), 'another target').to.equal(false);
    });

    it("lists when a connection's first segments published (or may have), after a time, oldest first", async () => {
      const base = await attempt({ finishedAt: at(10_000) });
      const same = { postId: base.postId, targetId: base.targetId, connectionId: base.connectionId };
      await log.record(base);
      await log.record(await attempt({ ...same, finishedAt: at(5_000), outcome: 'outcomeUnknown', error: 'timeout', platformPostId: null }));
      await log.record(await attempt({ ...same, finishedAt: at(20_000), outcome: 'rejected', error: 'no', platformPostId: null }));
      await log.record(await attempt({ ...same, finishedAt: at(21_000), outcome: 'retryLater', error: 'busy', platformPostId: null }));
      await log.record(await attempt({ ...same, finishedAt: at(22_000), segmentIndex: 1 }));
      await log.record(await attempt({ ...same, finishedAt: at(1_000) }));
      expect(await log.postsAfter(base.connectionId, at(4_999))).to.deep.equal([at(5_000), at(10_000)]);
      expect(await log.postsAfter(base.connectionId, at(5_000))).to.deep.equal([at(10_000)]);
      expect(await log.postsAfter('another-connection', T0)).to.deep.equal([]);
    });
  });
}

attemptLogContract('memory');
for (const kind of DATABASE_KINDS) attemptLogContract(kind);
