import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { BlueskyPds, type PdsAccount } from '../../../support/blueskyPds';
import { blueskySegment } from '../../../support/blueskySegments';
import { FileMediaAccess } from '../../../support/fileMediaAccess';

/** createSession's own limit on the PDS: 30 logins of one identifier from one address in 5 minutes. */
const LOGINS_ALLOWED = 30;

/** A PDS's 429 as it sends it: the XRPC error body and the RateLimit-* headers, `ratelimit-reset` an epoch second. */
interface RateLimitedAnswer {
  readonly body: string;
  readonly headers: Record<string, string>;
  readonly reset: number;
}

describe('Bluesky connector: a PDS whose rate limit is reached (reference PDS, its rate limits on)', function () {
  this.timeout(60_000);
  let pds: BlueskyPds;
  let account: PdsAccount;
  let grant: AtprotoSessionGrant;
  let answer: RateLimitedAnswer;
  const connector = blueskyConnector();

  const createSession = (identifier: string, password: string) =>
    fetch(`${pds.url}/xrpc/com.atproto.server.createSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier, password }),
    });
  /** Spends every login the PDS allows `identifier` (the password need not be right: each try counts). */
  const spendLogins = async (identifier: string) => {
    const tries = await Promise.all(Array.from({ length: LOGINS_ALLOWED }, () => createSession(identifier, 'not-the-password')));
    await Promise.all(tries.map((answered) => answered.arrayBuffer()));
  };
  const waitTo = (reset: number) => reset - Date.now() / 1000;

  before(async () => {
    pds = await BlueskyPds.start({ rateLimits: true });
    account = await pds.createAccount('throttled');
    const login = await connector.login({ service: pds.url, identifier: account.handle, appPassword: account.appPassword });
    if (!login.ok) throw new Error(login.failure.reason);
    grant = login.grant;
    await spendLogins(account.handle);
    const refused = await createSession(account.handle, account.appPassword);
    const headers: Record<string, string> = {};
    refused.headers.forEach((value, name) => {
      if (name === 'content-type' || name.startsWith('ratelimit-')) headers[name] = value;
    });
    answer = { body: await refused.text(), headers, reset: Number(refused.headers.get('ratelimit-reset')) };
    if (refused.status !== 429) throw new Error(`the PDS let login ${LOGINS_ALLOWED + 2} through: ${refused.status} ${answer.body}`);
  });
  after(() => pds?.stop());

  it('answers a login over the limit 429 with its reset, which the connector waits for: a retry later, never a reconnect', async () => {
    const login = await connector.login({ service: pds.url, identifier: account.handle, appPassword: account.appPassword });

    expect(JSON.parse(answer.body)).to.deep.equal({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' });
    if (login.ok) expect.fail('a login over the PDS’s limit went through');
    expect(login.failure.kind).to.equal('retryLater');
    if (login.failure.kind !== 'retryLater') return;
    expect(login.failure.reason).to.equal('RateLimitExceeded: Rate Limit Exceeded');
    expect(login.failure.afterSeconds).to.be.within(Math.max(1, Math.floor(waitTo(answer.reset))), Math.ceil(waitTo(answer.reset)) + 1);
    expect(login.failure.afterSeconds).to.be.within(1, 300);
  });

  it('makes a refresh whose fresh login is refused 429 a retry later (the connection stays), not a reconnect', async () => {
    // The refresh token is dead, so the connector logs in again, by DID: that identifier's logins are spent too.
    await spendLogins(account.did);

    const refreshed = await connector.tokens.refresh({ ...grant, refreshJwt: 'a-refresh-token-the-pds-never-issued' });

    if (refreshed.ok) expect.fail('a login over the PDS’s limit went through');
    expect(refreshed.failure).to.include({ kind: 'retryLater', reason: 'RateLimitExceeded: Rate Limit Exceeded' });
  });

  it('makes a post answered 429 a retry later at the reset the PDS gave, with nothing posted', async () => {
    // The PDS's post limits (5000 points an hour, 3 a post) are too far to reach in a test: the
    // post's answer is the 429 this PDS gave above, word for word, headers and all.
    const limited = blueskyConnector({
      fetch: (input, init) =>
        String(input).includes('com.atproto.repo.createRecord')
          ? Promise.resolve(new Response(answer.body, { status: 429, headers: answer.headers }))
          : fetch(input, init),
    });

    const outcome = await limited.publisher.publish(blueskySegment({ text: 'Not now' }), grant, new FileMediaAccess(), UNNAMED_ACCOUNT);

    expect(outcome).to.include({ kind: 'retryLater', statusCode: 429, reason: 'RateLimitExceeded: Rate Limit Exceeded' });
    if (outcome.kind !== 'retryLater') return;
    expect(outcome.afterSeconds).to.be.within(Math.max(1, Math.floor(waitTo(answer.reset))), Math.ceil(waitTo(answer.reset)) + 1);
    const { data } = await pds.reader().com.atproto.repo.listRecords({ repo: account.did, collection: 'app.bsky.feed.post' });
    expect(data.records).to.have.length(0);
  });
});
