/**
 * Runs at most `concurrency` tasks at once; the others wait their turn, first come first
 * served. Decoding media costs memory and CPU by the file, so the inspector bounds how many
 * files are worked on at once rather than refusing the ones past the bound
 * (docs/decisions.md, "Media").
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`a work queue runs at least one task at once, not ${concurrency}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A finished task hands its slot straight to the next in line, so none can jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
