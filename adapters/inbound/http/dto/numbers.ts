import { Transform } from 'class-transformer';

const SPECIAL: Record<string, number> = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY };

/**
 * docs/spec.md lets every number also be the string NaN, Infinity or -Infinity. They become the
 * JS values here, so validation sees a number and the domain refuses what must be finite.
 */
export const SpecialNumbers = () => Transform(({ value }) => (typeof value === 'string' && value in SPECIAL ? SPECIAL[value] : value));
