import { validationError } from '../../../domain/shared/DomainError';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN, PAGE_OFFSET_DEFAULT } from './contract/requestLimits';

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** limit and offset (contract/requestLimits.ts) arrive as strings; anything else is a 422. */
export function parsePage(query: Record<string, string | string[] | undefined>): Page {
  return {
    limit: wholeNumber(query, 'limit', PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MIN, PAGE_LIMIT_MAX),
    offset: wholeNumber(query, 'offset', PAGE_OFFSET_DEFAULT, 0, Number.MAX_SAFE_INTEGER),
  };
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
