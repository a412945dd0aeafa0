import { expect } from 'chai';
import { WorkQueue } from '../../../../adapters/outbound/media/inspection/WorkQueue';

/** Tasks that finish when the test says so: what runs at once is counted, not timed. */
function gatedTasks(queue: WorkQueue, count: number) {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const release: Array<(fail?: boolean) => void> = [];
  const results = Array.from({ length: count }, (_, i) =>
    queue.run(
      () =>
        new Promise<number>((resolve, reject) => {
          running++;
          most = Math.max(most, running);
          started.push(i);
          release[i] = (fail) => {
            running--;
            if (fail) reject(new Error(`task ${i} failed`));
            else resolve(i);
          };
        }),
    ),
  );
  return { results, started, release, most: () => most };
}

/** Lets the queue's awaits settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkQueue', () => {
  it('runs at most its concurrency at once, the rest waiting in the order they came', async () => {
    const tasks = gatedTasks(new WorkQueue(2), 5);
    await settle();
    expect(tasks.started).to.deep.equal([0, 1]);
    tasks.release[1]!();
    await settle();
    expect(tasks.started).to.deep.equal([0, 1, 2]);
    tasks.release[0]!();
    tasks.release[2]!();
    await settle();
    expect(tasks.started).to.deep.equal([0, 1, 2, 3, 4]);
    tasks.release[3]!();
    tasks.release[4]!();
    expect(await Promise.all(tasks.results)).to.deep.equal([0, 1, 2, 3, 4]);
    expect(tasks.most()).to.equal(2);
  });

  it('gives the slot of a task that fails to the next one, and passes the failure to its caller', async () => {
    const queue = new WorkQueue(1);
    const tasks = gatedTasks(queue, 2);
    const outcomes = Promise.allSettled(tasks.results);
    await settle();
    tasks.release[0]!(true);
    await settle();
    expect(tasks.started).to.deep.equal([0, 1]);
    tasks.release[1]!();
    const [first, second] = await outcomes;
    expect(first).to.have.property('status', 'rejected');
    expect(second).to.deep.equal({ status: 'fulfilled', value: 1 });
    // The queue is free again: the next task starts at once.
    const later = gatedTasks(queue, 1);
    await settle();
    expect(later.started).to.deep.equal([0]);
    later.release[0]!();
    await later.results[0];
  });

  it('refuses a concurrency below one', () => {
    expect(() => new WorkQueue(0)).to.throw(RangeError);
  });
});
