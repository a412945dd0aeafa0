import { type DomainError, validationError } from '../../../domain/shared/DomainError';

/** A tool's arguments the API has no body or parameter for (an id that is not a string, an unknown name): 422 invalid_arguments. */
export const invalidArguments = (path: string, message: string): DomainError => validationError('invalid_arguments', [{ path, message }]);

/**
 * A tool call's arguments, read as the API reads the same values: ids as path parameters
 * (non-empty strings), query parameters as the strings the API's own parsers take, the rest
 * handed whole to the API's body validation.
 */
export class ToolArguments {
  private constructor(private readonly values: Readonly<Record<string, unknown>>) {}

  /** Refuses names the tool does not take, unless they belong to a body the API validates itself (`bodyTaken`). */
  static of(raw: Readonly<Record<string, unknown>> | undefined, known: readonly string[], bodyTaken = false): ToolArguments {
    const values = raw ?? {};
    if (!bodyTaken) {
      const unknown = Object.keys(values).filter((name) => !known.includes(name));
      if (unknown.length > 0)
        throw validationError(
          'invalid_arguments',
          unknown.map((path) => ({ path, message: 'is not an argument of this tool' })),
        );
    }
    return new ToolArguments(values);
  }

  /** A required id, or an optional one when `optional`. */
  id(name: string): string;
  id(name: string, optional: true): string | undefined;
  id(name: string, optional = false): string | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) {
      if (optional) return undefined;
      throw invalidArguments(name, 'is required');
    }
    if (typeof value !== 'string' || value === '') throw invalidArguments(name, 'must be a non-empty string');
    return value;
  }

  /** The query parameters among `names`, as the strings the API's query parsers read (absent ones left out). */
  query(names: readonly string[]): Record<string, string> {
    const query: Record<string, string> = {};
    for (const name of names) {
      const value = this.values[name];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        throw invalidArguments(name, 'must be a string, a number or a boolean');
      query[name] = String(value);
    }
    return query;
  }

  /** Every argument but `names`: the request body, for the API's own validation. */
  bodyWithout(names: readonly string[]): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.values).filter(([name]) => !names.includes(name)));
  }

  /** A whole number of the tool's own (not the API's), within bounds; `fallback` when absent. */
  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.values[name];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      throw invalidArguments(name, `must be a whole number from ${min} to ${max}`);
    return value;
  }
}
