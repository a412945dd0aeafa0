import { expect } from 'chai';
import { sandboxFigures } from '../../../application/analytics/sandboxFigures';
import { COUNT_NAMES, type PostCounts } from '../../../domain/analytics/PostCounts';
import { at, DAY, FiguresWorld, HOUR, MINUTE, POSTED, WORKSPACE } from './figuresWorld';

const IDS = Array.from({ length: 40 }, (_, i) => `01J${String(i * 7919).padStart(23, '0')}`);
const AGES = [0, 30_000, MINUTE, 10 * MINUTE, HOUR, 6 * HOUR, DAY, 2 * DAY, 7 * DAY, 30 * DAY, 90 * DAY];
const figuresAt = (id: string, ageMs: number): PostCounts => sandboxFigures(id, POSTED, at(ageMs));

/**
 * The sandbox accounts' figures (docs/analytics.md): made up, the same for the same post at the
 * same age, growing over time (fast in the first day, slowly after), every figure reported;
 * collected for a sandbox connection without any platform's reader.
 */
describe('sandbox figures', () => {
  it('are the same for the same post at the same age, and differ between posts', () => {
    for (const id of IDS) expect(figuresAt(id, DAY)).to.deep.equal(figuresAt(id, DAY));
    expect(new Set(IDS.map((id) => figuresAt(id, DAY).views)).size).to.be.greaterThan(10);
  });

  it('report every figure as a whole number, and none ever shrinks as the post ages', () => {
    for (const id of IDS) {
      let previous: PostCounts | null = null;
      for (const age of AGES) {
        const now = figuresAt(id, age);
        for (const name of COUNT_NAMES) {
          expect(Number.isInteger(now[name]), `${id} ${name} at ${age}`).to.equal(true);
          expect(now[name]!, `${id} ${name} at ${age}`).to.be.at.least(previous?.[name] ?? 0);
        }
        previous = now;
      }
    }
  });

  it('grow fast in the first day and slowly after: views within the hour, more at a day, more still at a month', () => {
    for (const id of IDS) {
      const [hour, day, month] = [HOUR, DAY, 30 * DAY].map((age) => figuresAt(id, age).views!);
      expect(hour, id).to.be.greaterThan(0);
      expect(day, id).to.be.greaterThan(hour);
      expect(month, id).to.be.greaterThan(day);
      expect(day - figuresAt(id, 0).views!, id).to.be.greaterThan(month - day);
    }
  });

  it('are collected for a sandbox connection on the schedule and on refresh, growing, with no reader called', async () => {
    const w = new FiguresWorld();
    const sandbox = await w.connection('sandbox_x', { sandbox: true });
    const { postId } = await w.publish(sandbox, POSTED);
    await w.runAt(at(2 * MINUTE));
    w.clock.set(at(2 * MINUTE));
    await w.figures.refresh(WORKSPACE, postId);
    for (const age of [2 * MINUTE, HOUR, DAY, 7 * DAY]) await w.runAt(at(age));

    expect(w.x.calls).to.deep.equal([]);
    const [row] = await w.figures.ofPost(WORKSPACE, postId, true);
    expect(row!.history!.map((s) => s.collectedAt)).to.deep.equal([at(2 * MINUTE), at(HOUR), at(DAY), at(7 * DAY)]);
    const views = row!.history!.map((s) => s.counts.views!);
    expect(views).to.deep.equal([...views].sort((a, b) => a - b));
    expect(views[3]).to.be.greaterThan(views[1]!);
    for (const snapshot of row!.history!) for (const name of COUNT_NAMES) expect(snapshot.counts[name], name).to.not.equal(null);
    expect(row).to.deep.include({ lastError: null, deleted: false, nextAt: null });
  });
});
