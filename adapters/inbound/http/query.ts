import { DomainError, type ErrorDetail, validationError } from '../../../domain/shared/DomainError';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN, PAGE_OFFSET_DEFAULT } from './contract/requestLimits';

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** limit and offset (contract/requestLimits.ts) arrive as strings; anything else is a 422 naming each bad one. */
export function parsePage(query: Record<string, string | string[] | undefined>): Page {
  const [limit, offset] = everyQueryProblem(
    () => wholeNumber(query, 'limit', PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MIN, PAGE_LIMIT_MAX),
    () => wholeNumber(query, 'offset', PAGE_OFFSET_DEFAULT, 0, Number.MAX_SAFE_INTEGER),
  );
  return { limit, offset };
}

/**
 * Runs every parser of a request's query parameters, and throws one 422 `invalid_query` naming
 * every bad parameter they found (as a body's problems are named at once), or returns what each read.
 */
export function everyQueryProblem<T extends readonly unknown[]>(...parsers: { readonly [K in keyof T]: () => T[K] }): T {
  const problems: ErrorDetail[] = [];
  const values = parsers.map((parse) => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'invalid_query') throw error;
      problems.push(...error.details);
      return undefined;
    }
  });
  if (problems.length > 0) throw validationError('invalid_query', problems);
  return values as unknown as T;
}

function wholeNumber(query: Record<string, string | string[] | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  if (Array.isArray(raw) || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw validationError('invalid_query', [{ path: name, message: `must be a whole number ${range}` }]);
  }
  return Number(raw);
}
