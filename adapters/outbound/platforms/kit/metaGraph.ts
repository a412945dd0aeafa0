import { type GrantFailure } from '../../../../application/ports/platforms/GrantFailure';
import { type Answered, type PlatformAnswer, parseJson } from './http';
import { META_THROTTLE_CODES, type MetaErrorBody, metaErrorBody } from './metaGraphError';
import { type ErrorMeaning, meaningOf, type PlatformErrors, RETRY_SECONDS, retryAfterSeconds, waitSeconds } from './outcomes';

/**
 * How one of Meta's Graph APIs (Facebook Pages, Instagram, Threads) differs from the common
 * error handling (https://developers.facebook.com/docs/graph-api/guides/error-handling, cited
 * in docs/platforms.md): its own subcodes and waits.
 */
export interface MetaGraphRules {
  readonly platform: string;
  /** Seconds to wait on a throttle when no usage header says how long (Meta sends no Retry-After). */
  readonly throttleSeconds: number;
  /** Subcodes that are throttles with a wait of their own (Instagram's daily publishing limit). */
  readonly throttleSubcodes?: Readonly<Record<number, number>>;
  /** Subcodes the platform documents as "try again": nothing was made. */
  readonly retryableSubcodes?: readonly number[];
  /** Subcodes that end the attempt whatever their code says (Instagram's suspected spam comes as code 4). */
  readonly refusedSubcodes?: readonly number[];
}

/** An error body: Meta's Graph shape, or the older OAuth shape `{error_type, code, error_message}` (api.instagram.com), whose code repeats the status. */
export function metaErrorOf(text: string): MetaErrorBody | null {
  const graph = metaErrorBody(text);
  if (graph !== null) return graph;
  const legacy = parseJson(text) as { error_type?: unknown; error_message?: unknown } | null;
  if (typeof legacy?.error_message !== 'string') return null;
  const type = typeof legacy.error_type === 'string' ? legacy.error_type : null;
  return { message: legacy.error_message, userMessage: null, type, code: null, subcode: null, transient: false };
}

/** Throttles: 4, 17, 32, 613, 341 (application limit reached: "wait and retry") and the Business Use Case codes 80000–80014. */
const isThrottle = (code: number | null): boolean => code !== null && (META_THROTTLE_CODES.has(code) || code === 341 || (code >= 80000 && code <= 80014));

/** 190 (the token expired or was invalidated), 102 (session), and 10 or 200–299 (a permission not granted or removed): asking the owner again is the documented recovery. */
const needsOwner = (code: number | null): boolean => code === 190 || code === 102 || code === 10 || (code !== null && code >= 200 && code <= 299);

/** 2 is Meta's temporary trouble; 1 too, except as an OAuthException, which is how a wrong app secret is refused. */
const isTemporary = (error: MetaErrorBody): boolean => error.transient || error.code === 2 || (error.code === 1 && error.type !== 'OAuthException');

function meaningOfError(error: MetaErrorBody, rules: MetaGraphRules): ErrorMeaning | null {
  const subcode = error.subcode ?? -1;
  if (rules.refusedSubcodes?.includes(subcode)) return 'rejected';
  if (needsOwner(error.code)) return 'reconnect';
  if (isThrottle(error.code) || rules.throttleSubcodes?.[subcode] !== undefined) return 'throttled';
  if (isTemporary(error) || rules.retryableSubcodes?.includes(subcode)) return 'transient';
  return null;
}

/** Meta's message (the one meant for people where there is one) and its code, unless the message names it already (`(#4) …`). */
function metaMessage(platform: string, answer: Answered): string {
  const error = metaErrorOf(answer.text);
  const text = error?.userMessage ?? error?.message ?? null;
  if (error === null || text === null) return `${platform} answered ${answer.status}`;
  const named = error.code === null || (error.subcode === null && text.includes(`(#${error.code})`));
  return named ? `${platform}: ${text}` : `${platform}: ${text} (#${error.code}${error.subcode === null ? '' : `/${error.subcode}`})`;
}

/** The longest `estimated_time_to_regain_access` (minutes) in `X-Business-Use-Case-Usage`, in seconds; 0 without one. */
function regainSeconds(headers: Headers): number {
  const usage = parseJson(headers.get('x-business-use-case-usage') ?? '') as Record<string, unknown> | null;
  if (usage === null || typeof usage !== 'object') return 0;
  const minutes = Object.values(usage)
    .flatMap((entries) => (Array.isArray(entries) ? entries : []))
    .map((entry) => (entry as { estimated_time_to_regain_access?: unknown }).estimated_time_to_regain_access)
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return Math.max(0, ...minutes) * 60;
}

/**
 * One Meta Graph API's errors (docs/platforms.md, "errors, every call" and "rate limits"): a
 * dead token or a missing permission asks for the account again; throttles wait as long as
 * the usage header says, else the platform's own time; temporary errors and the platform's
 * "try again" subcodes are transient; everything else goes by its status.
 */
export function metaGraphErrors(rules: MetaGraphRules): PlatformErrors {
  return {
    platform: rules.platform,
    message: (answer) => metaMessage(rules.platform, answer),
    meaning: (answer) => {
      const error = metaErrorOf(answer.text);
      return error === null ? null : meaningOfError(error, rules);
    },
    waitSeconds: (answer, now) => {
      const subcode = metaErrorOf(answer.text)?.subcode ?? -1;
      const own = rules.throttleSubcodes?.[subcode];
      if (own !== undefined) return own;
      const regain = regainSeconds(answer.headers);
      return regain > 0 ? regain : retryAfterSeconds(answer.headers, now, rules.throttleSeconds);
    },
  };
}

/** An authorization code Meta refuses as expired (100/36007) or used (100/36009), or api.instagram.com's words for the same. */
const deadCode = (error: MetaErrorBody | null): boolean =>
  error !== null && (error.subcode === 36007 || error.subcode === 36009 || /authorization code|code has been used|code has expired/i.test(error.message ?? ''));

/**
 * A refused token request (a code exchange, a long-lived token's exchange or refresh): what
 * the answer means, read as for any call; a dead authorization code asks for the account again.
 */
export function metaGrantFailure(answer: PlatformAnswer, errors: PlatformErrors, now: Date): GrantFailure {
  if (answer.kind !== 'answered') return { kind: 'retryLater', reason: answer.reason, afterSeconds: RETRY_SECONDS };
  const reason = errors.message(answer);
  switch (meaningOf(answer, errors)) {
    case 'reconnect':
      return { kind: 'reconnect', reason };
    case 'throttled':
      return { kind: 'retryLater', reason, afterSeconds: waitSeconds(answer, errors, now) };
    case 'transient':
      return { kind: 'retryLater', reason, afterSeconds: RETRY_SECONDS };
    case 'rejected':
      return deadCode(metaErrorOf(answer.text)) ? { kind: 'reconnect', reason } : { kind: 'rejected', reason };
  }
}
