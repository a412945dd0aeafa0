import { expect } from 'chai';
import { DomainError, TooSoon } from '../../../domain/shared/DomainError';
import { at, counts, DAY, FiguresWorld, HOUR, MINUTE, POSTED, WORKSPACE } from './figuresWorld';

/**
 * The collector's schedule with a fixed clock (docs/analytics.md, "When figures are collected"):
 * about an hour, a day and a week after a target went out, then no more; a refresh at most once
 * every ten minutes; a failed read keeping the last figures; a deleted post no longer read.
 */
describe('collecting figures: the schedule, the refresh, failures and deletions', () => {
  let w: FiguresWorld;
  let conn: string;
  beforeEach(async () => {
    w = new FiguresWorld();
    conn = await w.connection('ada');
  });

  it('reads a post about an hour, a day and a week after it went out, then never again', async () => {
    const { postId, targetId, platformPostId } = await w.publish(conn, POSTED);
    const rounds = [30 * MINUTE, HOUR, 2 * HOUR, 23 * HOUR, DAY, 3 * DAY, 7 * DAY - MINUTE, 7 * DAY, 7 * DAY + HOUR, 8 * DAY, 30 * DAY];
    const readAt: number[] = [];
    for (const after of rounds) {
      const before = w.x.calls.length;
      await w.runAt(at(after));
      if (w.x.calls.length > before) readAt.push(after);
    }
    expect(readAt).to.deep.equal([HOUR, DAY, 7 * DAY]);
    expect(w.x.callsOf('ada')).to.deep.equal([[platformPostId], [platformPostId], [platformPostId]]);

    const row = await w.row(postId);
    expect(row).to.deep.include({
      counts: counts({ likes: 30, views: 300 }),
      raw: { like_count: 30 },
      collectedAt: at(7 * DAY),
      nextAt: null,
      lastError: null,
    });
    const [withHistory] = await w.figures.ofPost(WORKSPACE, postId, true);
    expect(withHistory!.history!.map((s) => [s.collectedAt, s.counts.likes])).to.deep.equal([
      [at(HOUR), 10],
      [at(DAY), 20],
      [at(7 * DAY), 30],
    ]);
    expect(targetId).to.equal(row.targetId);
  });

  it('says when the next collection is: an hour after, then the day, then the week', async () => {
    const { postId } = await w.publish(conn, POSTED);
    await w.runAt(at(MINUTE));
    expect((await w.row(postId)).nextAt).to.deep.equal(at(HOUR));
    await w.runAt(at(HOUR + 10_000));
    expect((await w.row(postId)).nextAt).to.deep.equal(at(DAY));
    await w.runAt(at(DAY + 10_000));
    expect((await w.row(postId)).nextAt).to.deep.equal(at(7 * DAY));
  });

  it('a refresh is collected on the next round, then waits ten minutes: 429 with the seconds left', async () => {
    const { postId } = await w.publish(conn, POSTED);
    await w.runAt(at(HOUR));
    w.clock.set(at(2 * HOUR));
    const asked = await w.figures.refresh(WORKSPACE, postId);
    expect(asked.map((r) => [r.nextAt, r.refreshRequestedAt])).to.deep.equal([[at(2 * HOUR), at(2 * HOUR)]]);

    await w.runAt(at(2 * HOUR + 10_000));
    expect(w.x.calls).to.have.length(2);
    expect(await w.row(postId)).to.deep.include({ counts: counts({ likes: 20, views: 200 }), collectedAt: at(2 * HOUR + 10_000), nextAt: at(DAY) });

    w.clock.set(at(2 * HOUR + 4 * MINUTE));
    const tooSoon = await w.figures.refresh(WORKSPACE, postId).catch((error: unknown) => error);
    expect(tooSoon).to.be.instanceOf(TooSoon);
    expect((tooSoon as TooSoon).code).to.equal('refresh_too_soon');
    expect((tooSoon as TooSoon).retryAfterSeconds).to.equal(6 * 60);
    await w.runAt(at(2 * HOUR + 5 * MINUTE));
    expect(w.x.calls, 'no read for a refused refresh').to.have.length(2);

    w.clock.set(at(2 * HOUR + 10 * MINUTE));
    expect((await w.figures.refresh(WORKSPACE, postId)).map((r) => r.nextAt)).to.deep.equal([at(2 * HOUR + 10 * MINUTE)]);
  });

  it('a refresh right after publishing takes the target on at once: due now, before any round found it', async () => {
    const { postId, targetId } = await w.publish(conn, at(-1_000));
    const asked = await w.figures.refresh(WORKSPACE, postId);
    expect(asked.map((r) => [r.targetId, r.nextAt, r.refreshRequestedAt])).to.deep.equal([[targetId, POSTED, POSTED]]);
    await w.runAt(at(10_000));
    expect((await w.row(postId)).collectedAt).to.deep.equal(at(10_000));
  });

  it("a refresh of another workspace's post is not found", async () => {
    const { postId } = await w.publish(conn, POSTED);
    const missing = await w.figures.refresh('ws_other', postId).catch((error: unknown) => error);
    expect(missing).to.be.instanceOf(DomainError);
    expect((missing as DomainError).kind).to.equal('not_found');
  });

  it('a failed read keeps the last figures, says why and when, and is tried again within half an hour', async () => {
    const { postId } = await w.publish(conn, POSTED);
    await w.runAt(at(HOUR));
    w.x.answer = () => ({ ok: false, reason: 'X answered 503 Service Unavailable', retryAfterSeconds: null });
    await w.runAt(at(DAY));
    expect(await w.row(postId)).to.deep.include({
      counts: counts({ likes: 10, views: 100 }),
      collectedAt: at(HOUR),
      lastError: 'X answered 503 Service Unavailable',
      lastErrorAt: at(DAY),
      nextAt: at(DAY + 30 * MINUTE),
      deleted: false,
    });

    w.x.answer = null;
    await w.runAt(at(DAY + 30 * MINUTE));
    expect(await w.row(postId)).to.deep.include({ counts: counts({ likes: 20, views: 200 }), lastError: null, lastErrorAt: null, nextAt: at(7 * DAY) });
  });

  it('a retry after a failure is never later than the schedule’s next read', async () => {
    const { postId } = await w.publish(conn, POSTED);
    w.x.answer = () => ({ ok: false, reason: 'timed out', retryAfterSeconds: null });
    await w.runAt(at(DAY - 10 * MINUTE));
    expect((await w.row(postId)).nextAt).to.deep.equal(at(DAY));
  });

  it('a post the answer leaves out keeps its figures and says it was not reported', async () => {
    const { postId } = await w.publish(conn, POSTED);
    await w.runAt(at(HOUR));
    w.x.answer = () => ({ ok: true, figures: new Map() });
    await w.runAt(at(DAY));
    const row = await w.row(postId);
    expect(row.counts).to.deep.equal(counts({ likes: 10, views: 100 }));
    expect(row.lastError).to.be.a('string').and.not.equal('');
  });

  it('a post gone before its first read is deleted with no figures at all, not zeros', async () => {
    const { postId } = await w.publish(conn, POSTED);
    w.x.answer = (_handle, ids) => ({ ok: true, figures: new Map(ids.map((id) => [id, { kind: 'deleted' as const }])) });
    await w.runAt(at(HOUR));
    expect(await w.row(postId)).to.deep.include({ deleted: true, counts: null, raw: null, nextAt: null });
  });

  it('a deleted post is marked deleted with its last figures (not zeros) and never read again, its batch-mate still read', async () => {
    const gone = await w.publish(conn, POSTED);
    const kept = await w.publish(conn, POSTED);
    await w.runAt(at(HOUR));
    w.x.answer = (_handle, ids) => ({
      ok: true,
      figures: new Map(ids.map((id) => [id, id === gone.platformPostId ? { kind: 'deleted' as const } : w.x.growing(id)])),
    });
    await w.runAt(at(DAY));
    expect(await w.row(gone.postId)).to.deep.include({ deleted: true, counts: counts({ likes: 10, views: 100 }), nextAt: null });
    expect((await w.row(kept.postId)).counts).to.deep.equal(counts({ likes: 20, views: 200 }));

    w.x.answer = null;
    w.clock.set(at(DAY + HOUR));
    await w.figures.refresh(WORKSPACE, gone.postId);
    await w.figures.refresh(WORKSPACE, kept.postId);
    for (const after of [DAY + HOUR, 7 * DAY, 8 * DAY]) await w.runAt(at(after));
    const read = w.x.calls.flatMap((c) => c.ids);
    expect(read.filter((id) => id === gone.platformPostId)).to.have.length(2);
    expect(read.filter((id) => id === kept.platformPostId)).to.have.length(4);
    expect((await w.row(gone.postId)).counts).to.deep.equal(counts({ likes: 10, views: 100 }));
  });
});
