import { validationError } from '../../../domain/shared/DomainError';
import { isRealInstant } from './dto/instant';

/**
 * An RFC 3339 instant in the query (`from`, `to`), with any offset; a missing one is null
 * when `required` is false. Anything else is a 422 `invalid_query` naming the parameter.
 */
export function instantQuery(query: Record<string, string | string[] | undefined>, name: string, required: boolean): Date | null {
  const raw = query[name];
  if (raw === undefined || raw === '') {
    if (!required) return null;
    throw validationError('invalid_query', [{ path: name, message: 'is required: an RFC 3339 date-time, like 2030-01-31T09:00:00Z' }]);
  }
  if (typeof raw !== 'string' || !isRealInstant(raw)) {
    throw validationError('invalid_query', [{ path: name, message: 'must be one RFC 3339 date-time, like 2030-01-31T09:00:00Z' }]);
  }
  return new Date(raw);
}
