import { type IdGenerator } from '../../application/ports/IdGenerator';

/** Predictable ids (`id_0001`, `id_0002`, …) whose string order is their creation order. */
export class SequentialIds implements IdGenerator {
  private count = 0;

  constructor(private readonly prefix = 'id') {}

  next(): string {
    this.count += 1;
    return `${this.prefix}_${String(this.count).padStart(4, '0')}`;
  }
}
