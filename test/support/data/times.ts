/**
 * Fixed instants, so test data is the same at every run. Domain and application tests pass
 * NOW (or a FixedClock) as the present; an HTTP app reads the real clock, for which FUTURE
 * and PAST stay on their side of the present for decades.
 */
export const MINUTE = 60_000;
export const HOUR = 3_600_000;

export const minutesFrom = (base: Date, minutes: number): Date => new Date(base.getTime() + minutes * MINUTE);

/** The present of the domain tests. */
export const NOW = new Date('2030-01-01T12:00:00.000Z');
export const LATER = minutesFrom(NOW, 60);
export const EARLIER = minutesFrom(NOW, -60);

const FUTURE = Date.parse('2099-01-01T00:00:00.000Z');
const PAST = Date.parse('2020-01-01T00:00:00.000Z');

/** An RFC 3339 time in the future for any clock before 2099: `hours` after a fixed instant. */
export const future = (hours = 24): string => new Date(FUTURE + hours * HOUR).toISOString();
/** An RFC 3339 time in the past for any clock after 2020: `hours` before a fixed instant. */
export const past = (hours = 1): string => new Date(PAST - hours * HOUR).toISOString();
