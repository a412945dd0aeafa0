import { expect } from 'chai';
import { at, counts, FiguresWorld, HOUR, MINUTE, POSTED } from './figuresWorld';

const RATE_LIMITED = { ok: false as const, reason: 'X answered 429 Too Many Requests', retryAfterSeconds: 15 * 60 };

/**
 * The collector's budgets (docs/analytics.md, "Budgets: publishing always goes first"): a rate
 * limit defers that connection only, until its reset; a connection with publishing calls under
 * way is not read (and reading never takes publishing's slot); at most `readsPerHour` reads a
 * connection an hour; a connection to reconnect, or a platform without figures, is not read.
 */
describe('collecting figures: rate limits, publishing first, the hourly budget', () => {
  it("a rate limit keeps the last figures with the reason, and defers that connection's reads until its reset; another connection is still read", async () => {
    const w = new FiguresWorld();
    const [ada, bob] = [await w.connection('ada'), await w.connection('bob')];
    const limited = await w.publish(ada, POSTED);
    const free = await w.publish(bob, POSTED);
    await w.runAt(at(HOUR));
    w.x.answer = (handle, ids) => (handle === 'ada' ? RATE_LIMITED : { ok: true, figures: new Map(ids.map((id) => [id, w.x.growing(id)])) });
    w.clock.set(at(2 * HOUR));
    await w.figures.refresh('ws_figures', limited.postId);
    await w.figures.refresh('ws_figures', free.postId);
    await w.runAt(at(2 * HOUR));

    expect(await w.row(limited.postId)).to.deep.include({
      counts: counts({ likes: 10, views: 100 }),
      lastError: RATE_LIMITED.reason,
      lastErrorAt: at(2 * HOUR),
      nextAt: at(2 * HOUR + 15 * MINUTE),
    });
    expect(await w.row(free.postId)).to.deep.include({ counts: counts({ likes: 20, views: 200 }), lastError: null });
    w.x.answer = null;
    await w.runAt(at(2 * HOUR + 14 * MINUTE));
    expect(w.x.callsOf('ada')).to.have.length(2);
    await w.runAt(at(2 * HOUR + 15 * MINUTE));
    expect(w.x.callsOf('ada')).to.have.length(3);
    expect((await w.row(limited.postId)).lastError).to.equal(null);
  });

  it("a rate limit stops the connection's remaining batches in the same round", async () => {
    const w = new FiguresWorld({}, 1);
    const ada = await w.connection('ada');
    const posts = [await w.publish(ada, POSTED), await w.publish(ada, POSTED), await w.publish(ada, POSTED)];
    w.x.answer = () => RATE_LIMITED;
    await w.runAt(at(HOUR));
    expect(w.x.calls).to.have.length(1);
    for (const post of posts) expect((await w.row(post.postId)).nextAt).to.deep.equal(at(HOUR + 15 * MINUTE));
  });

  it('a target of the rate-limited connection that falls due before the reset waits for it too (no call during the limit)', async () => {
    const w = new FiguresWorld();
    const ada = await w.connection('ada');
    await w.publish(ada, POSTED);
    const later = await w.publish(ada, at(5 * MINUTE));
    w.x.answer = () => RATE_LIMITED;
    await w.runAt(at(HOUR));
    expect(w.x.calls).to.have.length(1);
    // The second post's hour comes five minutes into the platform's fifteen.
    await w.runAt(at(HOUR + 5 * MINUTE));
    expect(w.x.calls, 'X was called again before the rate limit reset').to.have.length(1);
    expect((await w.row(later.postId)).nextAt!.getTime()).to.be.at.least(at(HOUR + 15 * MINUTE).getTime());
  });

  it('a connection with publishing calls in flight is not read that round (a minute later it is); another is', async () => {
    const w = new FiguresWorld();
    const [ada, bob] = [await w.connection('ada'), await w.connection('bob')];
    const busy = await w.publish(ada, POSTED);
    await w.publish(bob, POSTED);
    expect(w.slots.tryTake(ada, 'a-target-being-published')).to.equal(true);
    await w.runAt(at(HOUR));
    expect(w.x.callsOf('ada')).to.deep.equal([]);
    expect(w.x.callsOf('bob')).to.have.length(1);
    expect(await w.row(busy.postId)).to.deep.include({ counts: null, lastError: null, nextAt: at(HOUR + MINUTE) });

    w.slots.giveBack('a-target-being-published');
    await w.runAt(at(HOUR + MINUTE));
    expect(w.x.callsOf('ada')).to.have.length(1);
  });

  it('reading figures never takes a call slot: publishing to the connection can start while a read is under way', async () => {
    const w = new FiguresWorld();
    const ada = await w.connection('ada');
    await w.publish(ada, POSTED);
    let finish: () => void = () => undefined;
    let started: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => {
      started = resolve;
    });
    w.x.answer = (_handle, ids) =>
      new Promise((resolve) => {
        finish = () => resolve({ ok: true, figures: new Map(ids.map((id) => [id, w.x.growing(id)])) });
        started();
      });
    const round = w.runAt(at(HOUR));
    await reading;
    expect(w.slots.tryTake(ada, 'published-meanwhile'), 'the one slot of the connection is free').to.equal(true);
    w.slots.giveBack('published-meanwhile');
    finish();
    expect((await round).collected).to.equal(1);
  });

  it('at most readsPerHour reads of a connection an hour; past it, its collections wait', async () => {
    const w = new FiguresWorld({ readsPerHour: 2 });
    const ada = await w.connection('ada');
    const posts = [];
    for (const minutes of [0, 10, 20, 30]) posts.push(await w.publish(ada, at(minutes * MINUTE)));
    for (const minutes of [60, 70, 80, 90]) await w.runAt(at(minutes * MINUTE));
    expect(w.x.callsOf('ada')).to.deep.equal([[posts[0]!.platformPostId], [posts[1]!.platformPostId]]);
    expect((await w.row(posts[2]!.postId)).counts).to.equal(null);

    // An hour after the first read, one more fits.
    await w.runAt(at(2 * HOUR + 1));
    expect(w.x.callsOf('ada')).to.have.length(3);
  });

  it('the hourly budget also holds within one round: a platform reading one post a call makes at most readsPerHour calls', async () => {
    const w = new FiguresWorld({ readsPerHour: 2 }, 1);
    const ada = await w.connection('ada');
    for (let i = 0; i < 5; i += 1) await w.publish(ada, POSTED);
    await w.runAt(at(HOUR));
    await w.runAt(at(HOUR + 20 * MINUTE));
    expect(w.x.calls.length, 'calls to X within the hour').to.be.at.most(2);
  });

  it('a connection to reconnect is not read and says so; a platform without figures says so once and is not tried again', async () => {
    const w = new FiguresWorld();
    const ada = await w.connection('ada');
    const li = await w.connection('li', { platform: 'LINKEDIN' });
    const stale = await w.publish(ada, POSTED);
    const none = await w.publish(li, POSTED);
    const connection = (await w.connections.findById(ada))!;
    connection.needsReconnect('the token was revoked', POSTED);
    await w.connections.save(connection);
    await w.runAt(at(HOUR));

    expect(w.x.calls).to.deep.equal([]);
    expect((await w.row(stale.postId)).lastError).to.match(/connect/);
    expect((await w.row(stale.postId)).nextAt).to.not.equal(null);
    expect(await w.row(none.postId)).to.deep.include({ counts: null, nextAt: null });
    expect((await w.row(none.postId)).lastError).to.match(/LINKEDIN/);
  });
});
