import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type PinterestConnector } from '../../../../adapters/outbound/platforms/pinterest/PinterestConnector';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { makePng } from '../../../support/mediaFiles';
import { BOARD_ACCOUNT, MediaLibrary, NOW, connectorFor, grantFrom, segment } from './pinterestTestKit';

const HOUR = 3_600_000;

describe('Pinterest connector: token upkeep against a local Pinterest', () => {
  let fake: PinterestFake;
  let connector: PinterestConnector;
  let dir: string;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pinterest-'));
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    fake = await PinterestFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('renews a day ahead of the access token’s expiry, and only with a refresh token still alive', () => {
    const grant = grantFrom(fake.tokens());
    const at = (ms: number) => ({ ...grant, accessExpiresAt: new Date(NOW.getTime() + ms) });
    expect(connector.tokens.needsRefresh(at(48 * HOUR), NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh(at(23 * HOUR), NOW)).to.equal(true);
    expect(connector.tokens.needsRefresh({ ...at(HOUR), refreshToken: null }, NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh({ ...at(HOUR), refreshExpiresAt: new Date(NOW.getTime() - 1) }, NOW)).to.equal(false);
  });

  it('refreshes with Basic auth and continuous refresh: a new access token and a new refresh token with its own lifetime', async () => {
    fake.state.accessLifetimeSeconds = 2_592_000;
    fake.state.refreshLifetimeSeconds = 31_536_000;
    const grant = grantFrom(fake.tokens());
    const renewed = await connector.tokens.refresh(grant);
    if (!renewed.ok || renewed.grant.kind !== 'oauth2') throw new Error(`refresh failed: ${JSON.stringify(renewed)}`);
    expect(renewed.grant.accessToken).to.not.equal(grant.accessToken);
    expect(renewed.grant.refreshToken).to.not.equal(grant.refreshToken);
    expect(fake.state.refreshTokens.has(grant.refreshToken as string)).to.equal(false);
    expect(renewed.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 2_592_000_000).toISOString());
    expect(renewed.grant.refreshExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 31_536_000_000).toISOString());
    const sent = fake.received.find((r) => r.path === '/v5/oauth/token');
    expect(sent?.headers.authorization).to.equal(`Basic ${Buffer.from(`${fake.state.clientId}:${fake.state.clientSecret}`).toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString()))).to.deep.equal({
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken,
      continuous_refresh: 'true',
    });
  });

  it('an expired access token: needs reconnect (the engine then refreshes once), and the refreshed grant publishes', async () => {
    const grant = grantFrom(fake.tokens());
    fake.state.expire(grant.accessToken);
    const media = await MediaLibrary.serve({ photo: await makePng(dir, 8, 8) });
    try {
      const refused = await connector.publisher.publish(segment(), grant, media, BOARD_ACCOUNT);
      expect(refused).to.deep.include({ kind: 'needsReconnect', statusCode: 401 });
      const renewed = await connector.tokens.refresh(grant);
      if (!renewed.ok) throw new Error(`refresh failed: ${JSON.stringify(renewed)}`);
      const outcome = await connector.publisher.publish(segment(), renewed.grant, media, BOARD_ACCOUNT);
      expect(outcome.kind).to.equal('published');
    } finally {
      await media.stop();
    }
  });

  it('a dead refresh token (invalid_grant): reconnect', async () => {
    const result = await connector.tokens.refresh({ ...grantFrom(fake.tokens()), refreshToken: 'pinr_unknown' });
    expect(!result.ok && result.failure.kind).to.equal('reconnect');
    fake.answerNext('POST /v5/oauth/token', { kind: 'invalidGrant' });
    const scripted = await connector.tokens.refresh(grantFrom(fake.tokens()));
    expect(!scripted.ok && scripted.failure).to.deep.include({ kind: 'reconnect' });
  });

  it('a 5xx or 429 from the token endpoint: retry later, never reconnect', async () => {
    const grant = grantFrom(fake.tokens());
    fake.answerNext('POST /v5/oauth/token', { kind: 'serverError' });
    const failed = await connector.tokens.refresh(grant);
    expect(!failed.ok && failed.failure.kind).to.equal('retryLater');
    fake.answerNext('POST /v5/oauth/token', { kind: 'rateLimited', retryAfterSeconds: 120 });
    const limited = await connector.tokens.refresh(grant);
    expect(!limited.ok && limited.failure).to.deep.include({ kind: 'retryLater', afterSeconds: 120 });
  });

  it('a wrong client secret: rejected (reconnecting would not help)', async () => {
    const result = await connectorFor(fake, { clientSecret: 'wrong' }).tokens.refresh(grantFrom(fake.tokens()));
    expect(!result.ok && result.failure.kind).to.equal('rejected');
  });

  it('revocation: Pinterest has none, so it resolves without a call', async () => {
    await connector.tokens.revoke(grantFrom(fake.tokens()));
    expect(fake.received).to.have.length(0);
  });
});
