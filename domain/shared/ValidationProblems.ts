import { type ErrorDetail, validationError } from './DomainError';

/**
 * Collects every problem of one request before failing, so a client fixes all of its
 * bad paths in one round trip instead of discovering them one 422 at a time.
 */
export class ValidationProblems {
  private readonly found: ErrorDetail[] = [];
  private readonly seen = new Set<string>();

  add(path: string, message: string): void {
    // Two targets on one platform sharing a group would report the same problem twice.
    const key = `${path}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.found.push({ path, message });
  }

  addAll(details: readonly ErrorDetail[], prefix = ''): void {
    for (const d of details) this.add(joinPath(prefix, d.path), d.message);
  }

  get isEmpty(): boolean {
    return this.found.length === 0;
  }

  get details(): readonly ErrorDetail[] {
    return [...this.found];
  }

  throwIfAny(code: string): void {
    if (!this.isEmpty) throw validationError(code, this.details);
  }
}

/** `targets[0]` + `settings.platform` → `targets[0].settings.platform`. */
export const joinPath = (prefix: string, path: string): string =>
  !prefix ? path : !path ? prefix : path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`;

/** Finite and not negative: NaN and ±Infinity reach the domain as numbers and are refused here. */
export const isFiniteNonNegative = (value: number): boolean => Number.isFinite(value) && value >= 0;
