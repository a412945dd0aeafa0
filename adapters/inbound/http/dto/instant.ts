import { ValidateBy, isRFC3339 } from 'class-validator';

const PARTS = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})/;

/**
 * An RFC 3339 date-time that names a real instant. The format check alone lets 2099-02-30
 * through, and `new Date()` would quietly roll it into March; a leap second (:60) has no
 * instant in JavaScript either. Both are refused rather than moved.
 */
export function isRealInstant(value: unknown): boolean {
  if (typeof value !== 'string' || !isRFC3339(value)) return false;
  const [, year, month, day, hour, minute, second] = PARTS.exec(value)?.map(Number) ?? [];
  if (year === undefined || month === undefined || day === undefined) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
    && hour! < 24 && minute! < 60 && second! < 60 && !Number.isNaN(Date.parse(value));
}

export const IsInstant = (): PropertyDecorator =>
  ValidateBy({
    name: 'isInstant',
    validator: {
      validate: isRealInstant,
      defaultMessage: () => 'must be a real RFC 3339 date-time with an offset (e.g. 2030-01-31T09:00:00Z)',
    },
  });
