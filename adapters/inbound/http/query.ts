import { validationError } from '../../../domain/shared/DomainError';

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/** limit (1–100, default 20) and offset (≥ 0, default 0) arrive as strings; anything else is a 422. */
export function parsePage(query: Record<string, string | string[] | undefined>): Page {
  return {
    limit: wholeNumber(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
    offset: wholeNumber(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

function wholeNumber(query: Record<string, string | string[] | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  if (Array.isArray(raw) || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw validationError('invalid_query', [{ path: name, message: `must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'up' : max}` }]);
  }
  return Number(raw);
}
