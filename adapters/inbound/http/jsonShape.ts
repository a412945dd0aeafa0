import { type ErrorDetail } from '../../../domain/shared/DomainError';

/**
 * Checks on the shape of a parsed JSON body that no DTO rule can make, done before any
 * library walks it (class-transformer and class-validator recurse, and trust key names):
 *
 * - depth: no body of this API is more than a few levels deep; a deeply nested one would
 *   overflow the stack of whatever recurses over it first;
 * - key names: a key named like an Object.prototype member (`constructor`, `toString`,
 *   `__proto__`, …) is no field of this API, and such names confuse class-transformer
 *   (a TypeError) or are silently dropped by class-validator's whitelist;
 * - Unicode: a string or key holding a lone surrogate cannot be stored (MariaDB's utf8mb4
 *   refuses it) nor sent to a platform.
 *
 * The scan is iterative, so the depth of the input never matters to the stack. A key given
 * twice in one object is only visible in the JSON text (JSON.parse keeps the last): see
 * duplicateKeyProblems.
 */

/** How deep a value may sit below the body (the body itself is at depth 0). */
export const MAX_DEPTH = 32;

/** A refusal names this many problems at most; the scan stops there. */
const MAX_DETAILS = 20;

/** Path segments longer than this are shortened in error details (the key is still named). */
const SEGMENT_SHOWN = 64;

const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export const NOT_ALLOWED = 'is not an allowed property';
export const TOO_DEEP = 'is nested too deeply';
export const NOT_WELL_FORMED = 'must be well-formed Unicode (no lone surrogates)';
export const DUPLICATE_KEY = 'appears more than once in its object';

/** ES2024 (Node 20 has it; the project's lib is ES2023). */
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

export interface ShapeOptions {
  /** Deepest allowed depth of a value; MAX_DEPTH unless said otherwise. */
  readonly maxDepth?: number;
  /** Only the depth is checked (key names and strings are left to a later, full scan). */
  readonly depthOnly?: boolean;
}

interface Pending {
  readonly value: unknown;
  readonly depth: number;
  /** Where the value is: its container's entry and the key or index in it (paths are built only when named). */
  readonly parent: Pending | null;
  readonly segment: string | number;
}

/** Every problem of `body`'s shape (at most MAX_DETAILS), in document order; empty when it is fine. */
export function jsonShapeProblems(body: unknown, options: ShapeOptions = {}): ErrorDetail[] {
  const maxDepth = options.maxDepth ?? MAX_DEPTH;
  const depthOnly = options.depthOnly ?? false;
  const problems: ErrorDetail[] = [];
  const stack: Pending[] = [{ value: body, depth: 0, parent: null, segment: '' }];
  while (stack.length > 0 && problems.length < MAX_DETAILS) {
    const entry = stack.pop()!;
    const { value, depth, segment } = entry;
    if (!depthOnly && typeof segment === 'string' && entry.parent !== null) {
      if (!isWellFormed(segment)) {
        problems.push({ path: pathOf(entry), message: NOT_WELL_FORMED });
        continue;
      }
      if (PROTOTYPE_NAMES.has(segment)) {
        problems.push({ path: pathOf(entry), message: NOT_ALLOWED });
        continue;
      }
    }
    if (typeof value === 'string') {
      if (!depthOnly && !isWellFormed(value)) problems.push({ path: pathOf(entry), message: NOT_WELL_FORMED });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) {
      // Its children would be too deep: name the first one (a value, not its container).
      const first = firstChild(value);
      if (first !== null) problems.push({ path: pathOf({ value: undefined, depth: depth + 1, parent: entry, segment: first }), message: TOO_DEEP });
      continue;
    }
    // Pushed last to first, so they are visited (and problems named) in document order.
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        const item: unknown = value[index];
        // Numbers, booleans and null have nothing to check.
        if (typeof item === 'object' ? item !== null : typeof item === 'string') stack.push({ value: item, depth: depth + 1, parent: entry, segment: index });
      }
    } else {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, parent: entry, segment: key });
      }
    }
  }
  return problems;
}

function firstChild(container: object): string | number | null {
  if (Array.isArray(container)) return container.length > 0 ? 0 : null;
  return Object.keys(container)[0] ?? null;
}

/** `targets[0].settings`, as class-validator errors are named; keys shown well-formed and not too long. */
function pathOf(entry: Pending): string {
  const segments: (string | number)[] = [];
  for (let at: Pending | null = entry; at !== null && at.parent !== null; at = at.parent) segments.push(at.segment);
  let path = '';
  for (let index = segments.length - 1; index >= 0; index--) path = join(path, segments[index]!);
  return path;
}

function join(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  let shown = key.length > SEGMENT_SHOWN ? `${key.slice(0, SEGMENT_SHOWN)}…` : key;
  if (!isWellFormed(shown)) shown = (shown as string & { toWellFormed(): string }).toWellFormed();
  return parent ? `${parent}.${shown}` : shown;
}

interface Frame {
  /** The keys seen so far, for an object; null for an array. */
  readonly keys: Set<string> | null;
  /** The key or index of the value being read in this container. */
  segment: string | number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/**
 * Keys given more than once in one object, in the JSON text `text` (which must parse: it is
 * read, not checked). JSON.parse silently keeps the last one, another parser the first: a
 * body that means different things to different readers is refused rather than guessed at.
 */
export function duplicateKeyProblems(text: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const frames: Frame[] = [];
  for (let i = 0; i < text.length && problems.length < MAX_DETAILS; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === 0x5c /* \\ */) {
          escaped = true;
          i++;
        } else if (inner === 0x22) {
          break;
        }
      }
      const top = frames.at(-1);
      if (top?.keys && top.expectKey) {
        const literal = text.slice(start, i + 1);
        const key = escaped ? (JSON.parse(literal) as string) : literal.slice(1, -1);
        if (top.keys.has(key)) problems.push({ path: framePath(frames, key), message: DUPLICATE_KEY });
        top.keys.add(key);
        top.segment = key;
        top.expectKey = false;
      }
    } else if (char === 0x7b /* { */) {
      frames.push({ keys: new Set(), segment: '', expectKey: true });
    } else if (char === 0x5b /* [ */) {
      frames.push({ keys: null, segment: 0, expectKey: false });
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      frames.pop();
    } else if (char === 0x2c /* , */) {
      const top = frames.at(-1);
      if (top?.keys) top.expectKey = true;
      else if (top) top.segment = (top.segment as number) + 1;
    }
  }
  return problems;
}

function framePath(frames: readonly Frame[], key: string): string {
  let path = '';
  for (let index = 0; index < frames.length - 1; index++) path = join(path, frames[index]!.segment);
  return join(path, key);
}
