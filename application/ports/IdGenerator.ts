/** Time-ordered, URL-safe ids, so inserts stay index-friendly. */
export interface IdGenerator {
  next(): string;
}
