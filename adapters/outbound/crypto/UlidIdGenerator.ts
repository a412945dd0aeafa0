import { monotonicFactory } from 'ulid';
import { type IdGenerator } from '../../../application/ports/IdGenerator';

/** ULIDs: time-ordered and URL-safe; monotonic within one millisecond. */
export class UlidIdGenerator implements IdGenerator {
  private readonly ulid = monotonicFactory();

  next(): string {
    return this.ulid();
  }
}
