import { type PlatformAnswer } from './http';
import { metaErrorOf } from './metaGraph';
import { meaningOf, type PlatformErrors, waitSeconds } from './outcomes';

/** Meta's "object does not exist" (100/33): the account's own post is gone. */
export function isGone(answer: PlatformAnswer): boolean {
  const error = answer.kind === 'answered' ? metaErrorOf(answer.text) : null;
  return error?.code === 100 && error.subcode === 33;
}

/** A throttle's wait (Graph's usage header, else the platform's own default); null for any other failure. */
export function throttleWait(answer: PlatformAnswer, errors: PlatformErrors, now: Date): number | null {
  return answer.kind === 'answered' && meaningOf(answer, errors) === 'throttled' ? waitSeconds(answer, errors, now) : null;
}

/** Graph's insights `{data: [{name, period, values: [{value}]}]}` as numbers by metric name (`total_value` where a metric comes totalled). */
export function insightValues(data: unknown): Record<string, number> {
  type Metric = { name?: unknown; values?: Array<{ value?: unknown }>; total_value?: { value?: unknown } };
  const entries = (Array.isArray(data) ? (data as Metric[]) : []).map((metric) => [metric.name, metric.total_value?.value ?? metric.values?.[0]?.value]);
  return Object.fromEntries(entries.filter((entry): entry is [string, number] => typeof entry[0] === 'string' && typeof entry[1] === 'number'));
}
