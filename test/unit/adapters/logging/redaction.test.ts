import { expect } from 'chai';
import { looksLikeCredential, redactCredentials } from '../../../../application/auth/redactCredentials';
import { JsonLogger } from '../../../../adapters/outbound/logging/JsonLogger';

const KEY = `dsk_${'A1b2_C3d4-'.repeat(4)}xyz`;
const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';

describe('credentials redacted from log lines (docs/decisions.md, "Logs")', () => {
  it('replaces API keys, JWTs, Bearer values, credential query values and URL passwords, keeping where they were', () => {
    expect(redactCredentials(`/v1/keys/${KEY}/x`)).to.equal('/v1/keys/dsk_[redacted]/x');
    expect(redactCredentials(`/v1/me/${JWT}`)).to.equal('/v1/me/[redacted]');
    expect(redactCredentials(`/cb%2F${JWT.replace(/\./g, '%2E')}`)).to.equal('/cb%2F[redacted]');
    expect(redactCredentials('Authorization: Bearer abc.def-123')).to.equal('Authorization: Bearer [redacted]');
    expect(redactCredentials('/callback?code=s3cr3t&state=kept&access_token=t0k&refresh_token=r&client_secret=c')).to.equal(
      '/callback?code=[redacted]&state=kept&access_token=[redacted]&refresh_token=[redacted]&client_secret=[redacted]',
    );
    expect(redactCredentials('redis://:hunter2@cache:6379/0 and mysql://app:pw@db/dispatch')).to.equal(
      'redis://:[redacted]@cache:6379/0 and mysql://app:[redacted]@db/dispatch',
    );
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['/v1/workspaces/01ARZ3NDEKTSV4RRFFQ69G5FAV/posts', 'req-1', 'connect ECONNREFUSED 127.0.0.1:6390', 'limit=20&offset=40']) {
      expect(looksLikeCredential(text), text).to.equal(false);
    }
    expect(looksLikeCredential(KEY)).to.equal(true);
  });

  it('JsonLogger redacts every string it writes, nested ones and the message included, and drops secret-named fields', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('debug', (line) => lines.push(line));
    const at = new Date('2026-01-02T03:04:05.000Z');
    logger.info(`saw ${KEY}`, { path: `/x/${KEY}`, nested: { list: [JWT] }, error: new Error(`bad token=${KEY}`), password: 'pw', at, count: 3 });
    const line = JSON.parse(lines[0]!);
    expect(lines[0]).not.to.include(KEY.slice(4)).and.not.to.include(JWT.split('.')[1]!);
    expect(line).to.deep.include({
      message: 'saw dsk_[redacted]',
      path: '/x/dsk_[redacted]',
      nested: { list: ['[redacted]'] },
      error: 'Error: bad token=[redacted]',
      password: '[redacted]',
      at: at.toISOString(),
      count: 3,
    });
  });

  it('JsonLogger replaces a field named like a secret at any depth and in any spelling, opaque values included', () => {
    const lines: string[] = [];
    new JsonLogger('debug', (line) => lines.push(line)).warn('grant refreshed', {
      connection: { platform: 'mastodon', grant: { refreshToken: 'opaque-refresh', scopes: ['write'] } },
      attempts: [{ Client_Secret: 'opaque-secret', status: 401 }],
      'X-Api-Key': 'opaque-key',
    });
    expect(lines[0]).not.to.include('opaque-');
    expect(JSON.parse(lines[0]!)).to.deep.include({
      connection: { platform: 'mastodon', grant: { refreshToken: '[redacted]', scopes: ['write'] } },
      attempts: [{ Client_Secret: '[redacted]', status: 401 }],
      'X-Api-Key': '[redacted]',
    });
  });
});
