import { ValidateBy, isRFC3339 } from 'class-validator';

const PARTS = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})/;

/**
 * The instants a stored time can hold, inclusive. An offset can carry a time written in 9999
 * into year 10000 (9999-12-31T23:59:59-23:59), which no DATETIME column keeps, and times
 * before the Unix epoch do not come back unchanged from MariaDB. Both are refused.
 */
export const EARLIEST_INSTANT_MS = Date.UTC(1970, 0, 1, 0, 0, 0, 0);
export const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const isStorable = (ms: number): boolean => !Number.isNaN(ms) && ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS;

/**
 * An RFC 3339 date-time that names a real instant, inside the range above. The format check
 * alone lets 2099-02-30 through, and `new Date()` would quietly roll it into March; a leap
 * second (:60) has no instant in JavaScript either. Both are refused rather than moved.
 */
export function isRealInstant(value: unknown): boolean {
  if (typeof value !== 'string' || !isRFC3339(value)) return false;
  const [, year, month, day, hour, minute, second] = PARTS.exec(value)?.map(Number) ?? [];
  if (year === undefined || month === undefined || day === undefined) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour! < 24 && minute! < 60 && second! < 60 && isStorable(Date.parse(value));
}

export const IsInstant = (): PropertyDecorator =>
  ValidateBy({
    name: 'isInstant',
    validator: {
      validate: isRealInstant,
      defaultMessage: () =>
        'must be a real RFC 3339 date-time with an offset, from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (e.g. 2030-01-31T09:00:00Z)',
    },
  });
