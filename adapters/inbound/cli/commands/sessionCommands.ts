import { type CliCommand } from '../CliCommand';
import { UsageError } from '../UsageError';

/** A year: longer-lived first-party sessions should be API keys instead. */
export const MAX_SESSION_TTL_SECONDS = 365 * 24 * 3600;

function parseTtl(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_SESSION_TTL_SECONDS)) {
    throw new UsageError('invalid_ttl', `--ttl must be a whole number of seconds from 1 to ${MAX_SESSION_TTL_SECONDS}`);
  }
  return seconds;
}

const issueSession: CliCommand = {
  group: 'session',
  action: 'issue',
  required: ['email'],
  optional: ['ttl'],
  async run(flags, { issueSession }) {
    const ttlSeconds = parseTtl(flags.optional('ttl'));
    const issued = await issueSession.execute({ email: flags.required('email'), ttlSeconds });
    const expiresAt = issued.expiresAt.toISOString();
    return {
      json: { token: issued.token, expiresAt, userId: issued.userId, sessionId: issued.sessionId },
      text: `session ${issued.sessionId} for user ${issued.userId}, expires ${expiresAt}: ${issued.token}`,
    };
  },
};

/** Ends a session before its expiry: its token is refused from the next request on. */
const revokeSession: CliCommand = {
  group: 'session',
  action: 'revoke',
  required: ['id'],
  optional: [],
  async run(flags, { issueSession }) {
    const id = flags.required('id');
    await issueSession.revoke(id);
    return { json: { revoked: id }, text: `session ${id} revoked` };
  },
};

export const sessionCommands: readonly CliCommand[] = [issueSession, revokeSession];
