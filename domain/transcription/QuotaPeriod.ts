/** The window a transcription counts in, and how many it allows (docs/decisions.md, "The account surface"). */
export interface QuotaPeriod {
  /** Names the usage row: `free:YYYY-MM` or `paid:<periodEnd ms>`. */
  readonly key: string;
  readonly end: Date;
  /** Past it, creating answers 402: the free limit, or the plan's hard limit. */
  readonly limit: number;
}

/** The calendar month (UTC) holding `now`: the free plan's period. */
export function freeMonth(now: Date, limit: number): QuotaPeriod {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return { key: `free:${month}`, end, limit };
}

/**
 * A plan's period ends at the subscription's currentPeriodEnd; one the provider has not
 * renewed yet rolls over a month at a time until it ends after `now`.
 */
export function paidPeriod(currentPeriodEnd: Date, now: Date, hardLimit: number): QuotaPeriod {
  let end = currentPeriodEnd;
  while (end.getTime() <= now.getTime()) end = addMonthUtc(end);
  return { key: `paid:${end.getTime()}`, end, limit: hardLimit };
}

function addMonthUtc(d: Date): Date {
  const next = new Date(d.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
