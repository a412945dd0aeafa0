import { expect } from 'chai';
import { PlatformConnectors } from '../../../../application/connections/PlatformConnectors';
import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { compose, type Composition } from '../../../../config/container';
import { loadConfig } from '../../../../config/env';
import { TOKENS as T } from '../../../../config/tokens';
import { FixedClock } from '../../../support/fixedClock';

const DAY = 86_400_000;

/** A Threads-like platform: long-lived tokens without a refresh token, renewed by the platform on request (a test double of a connector). */
function renewingConnector(renewed: PlatformGrant[]): PlatformConnector {
  return {
    platform: 'THREADS',
    authorization: null,
    tokens: {
      needsRefresh: () => false,
      refresh: async (grant) => {
        const fresh = { ...(grant as OAuth2Grant), accessToken: `${(grant as OAuth2Grant).accessToken}+`, accessExpiresAt: new Date(Date.UTC(2031, 0, 1)) };
        renewed.push(fresh);
        return { ok: true, grant: fresh };
      },
      revoke: async () => undefined,
    },
    publisher: { publish: async () => ({ kind: 'rejected', reason: 'not used here' }) },
  };
}

describe('KeepGrantsAlive: a grant that would die unused is renewed while it can be', () => {
  const clock = new FixedClock();
  const renewed: PlatformGrant[] = [];
  let c: Composition;

  before(async () => {
    c = await compose(loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'keep-grants-alive-keep-grants-alive-0123' }), {
      persistence: 'memory',
      replace: (w) => {
        w.replace(T.Clock, clock);
        w.replace(T.PlatformConnectors, new PlatformConnectors([renewingConnector(renewed)]));
      },
    });
  });
  after(() => c.close());

  const grantEnding = (inDays: number): OAuth2Grant => ({
    kind: 'oauth2',
    accessToken: `token-${inDays}`,
    refreshToken: null,
    accessExpiresAt: new Date(clock.now().getTime() + inDays * DAY),
    refreshExpiresAt: null,
    scopes: [],
  });

  it('renews the one ending within a week, leaves the one with a month left, and waits an hour before looking again', async () => {
    await c.get(T.CreateUser).execute({ email: 'keeper@example.com', password: 'a long enough password' });
    const { workspace } = await c.get(T.CreateWorkspace).execute({ name: 'W', ownerEmail: 'keeper@example.com' });
    const soon = (await c.get(T.AddConnection).execute({ workspaceId: workspace.id, platform: 'THREADS', handle: 'soon' })).id;
    const later = (await c.get(T.AddConnection).execute({ workspaceId: workspace.id, platform: 'THREADS', handle: 'later' })).id;
    const credentials = c.get(T.ConnectionCredentials);
    await credentials.save(soon, grantEnding(3), clock.now());
    await credentials.save(later, grantEnding(30), clock.now());

    expect(await c.get(T.KeepGrantsAlive).sweep()).to.deep.equal({ renewed: 1, failed: 0 });
    expect((await credentials.find(soon)) as OAuth2Grant).to.include({ accessToken: 'token-3+' });
    expect((await credentials.find(later)) as OAuth2Grant).to.include({ accessToken: 'token-30' });
    expect(await c.get(T.KeepGrantsAlive).sweep()).to.deep.equal({ renewed: 0, failed: 0 });
    expect(renewed).to.have.length(1);
  });
});
