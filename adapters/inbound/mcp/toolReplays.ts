import { createHash } from 'node:crypto';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type Clock } from '../../../application/ports/Clock';
import { type IdempotencyStore } from '../../../application/ports/IdempotencyStore';
import { type Credential } from '../../../domain/credential/Credential';
import { conflict, validationError } from '../../../domain/shared/DomainError';
import { answerLost } from '../http/middleware/idempotency';

/** The argument a writing tool takes to be run once however often it is sent (docs/agents.md). */
export const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';

export const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x20-\\x7E]+$',
  description:
    'Any unique string (a UUID) for this action: sent again, with the same arguments, the tool answers what it answered the first time ' +
    'instead of acting twice (kept 24 hours). Reuse it when retrying after a lost answer.',
} as const;

export interface ReplaySettings {
  readonly store: IdempotencyStore;
  readonly clock: Clock;
  readonly replayTtlMs: number;
  readonly leaseMs: number;
}

/** Errors that say nothing final: the call may run again under the same key (as over HTTP). */
const NOT_FINAL = new Set(['UnauthorizedError', 'ForbiddenError', 'RateLimitedError', 'InternalError', 'HealthUnavailable']);

/**
 * Runs a writing tool once per (credential, key): its first final answer is kept and answered
 * again to a retry with the same arguments; the same key with other arguments, or while the
 * first call still runs, is refused (409), as the API's Idempotency-Key is (docs/errors.md).
 */
export async function runOnce(
  settings: ReplaySettings,
  credential: Credential,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  run: (args: Readonly<Record<string, unknown>>) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const { [IDEMPOTENCY_ARGUMENT]: key, ...rest } = args;
  if (key === undefined) return run(rest);
  if (typeof key !== 'string' || !/^[\x20-\x7E]{1,255}$/.test(key)) {
    throw validationError('invalid_idempotency_key', [{ path: IDEMPOTENCY_ARGUMENT, message: 'must be 1 to 255 printable ASCII characters' }]);
  }
  const scope = sha256(JSON.stringify(['mcp', `${credential.kind}:${credential.id}`, credential.userId]));
  const begun = await settings.store.begin(scope, key, sha256(JSON.stringify([tool, canonical(rest)])), settings.clock.now(), settings.leaseMs);
  if (begun.outcome === 'completed') return JSON.parse(begun.response.body) as CallToolResult;
  if (begun.outcome === 'in_progress') throw conflict('idempotency_key_in_use', 'a call with this idempotencyKey is still running');
  if (begun.outcome === 'mismatch') throw conflict('idempotency_key_reused', 'this idempotencyKey was used with another tool or other arguments');
  if (begun.outcome === 'took_effect') throw answerLost();
  let result: CallToolResult;
  try {
    const keepUntil = new Date(settings.clock.now().getTime() + settings.replayTtlMs);
    result = await settings.store.markingEffects(scope, key, keepUntil, () => run(rest));
  } catch (error) {
    await settings.store.abandon(scope, key).catch(() => undefined);
    throw error;
  }
  const type = (result.structuredContent as { error?: { type?: string } } | undefined)?.error?.type;
  if (result.isError === true && (type === undefined || NOT_FINAL.has(type))) {
    await settings.store.abandon(scope, key).catch(() => undefined);
    return result;
  }
  const body = JSON.stringify(result);
  await settings.store.complete(
    scope,
    key,
    { status: 200, contentType: 'application/json', body },
    new Date(settings.clock.now().getTime() + settings.replayTtlMs),
  );
  return result;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value ?? null;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((k) => [k, canonical(record[k])]),
  );
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
