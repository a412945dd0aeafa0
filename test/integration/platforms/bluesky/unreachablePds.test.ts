import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { createServer } from 'node:net';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { blueskySegment } from '../../../support/blueskySegments';
import { FileMediaAccess } from '../../../support/fileMediaAccess';

/** An unsigned access JWT that is not due for a refresh: the publish goes straight to the post. */
const FRESH_ACCESS_JWT = `e30.${Buffer.from(JSON.stringify({ exp: 4_102_444_800 })).toString('base64url')}.x`;

describe('Bluesky connector: a PDS that cannot be reached', () => {
  let service: string;
  before(async () => {
    // A port that was free a moment ago: connections to it are refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const address = probe.address();
    service = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  const grant = () => ({
    kind: 'atproto_session' as const,
    service,
    did: 'did:plc:unreachable',
    handle: 'someone.test',
    accessJwt: FRESH_ACCESS_JWT,
    refreshJwt: 'e30.e30.y',
    appPassword: 'aaaa-bbbb-cccc-dddd',
  });

  it('is a retry later for a login and a refresh, never a reconnect', async () => {
    const connector = blueskyConnector();
    const login = await connector.login({ service, identifier: 'someone.test', appPassword: 'aaaa-bbbb-cccc-dddd' });
    const refresh = await connector.tokens.refresh(grant());

    expect(!login.ok && login.failure.kind).to.equal('retryLater');
    expect(!refresh.ok && refresh.failure.kind).to.equal('retryLater');
  });

  it('is a retry later for a publish: the request never left', async () => {
    const connector = blueskyConnector();
    const outcome = await connector.publisher.publish(blueskySegment({ text: 'Hello' }), grant(), new FileMediaAccess(), UNNAMED_ACCOUNT);

    expect(outcome.kind).to.equal('retryLater');
  });
});
