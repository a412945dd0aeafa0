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
      json: { token: issued.token, expiresAt, userId: issued.userId },
      text: `session for user ${issued.userId}, expires ${expiresAt}: ${issued.token}`,
    };
  },
};

export const sessionCommands: readonly CliCommand[] = [issueSession];
