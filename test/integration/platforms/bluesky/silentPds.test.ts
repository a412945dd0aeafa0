import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { blueskySegment } from '../../../support/blueskySegments';
import { FileMediaAccess } from '../../../support/fileMediaAccess';
import { LocalHttpServer } from '../../../support/localHttpServer';

/** An unsigned access JWT that is not due for a refresh: the publish goes straight to the post. */
const FRESH_ACCESS_JWT = `e30.${Buffer.from(JSON.stringify({ exp: 4_102_444_800 })).toString('base64url')}.x`;

describe('Bluesky connector: a PDS that takes the request and never answers', () => {
  let silent: LocalHttpServer;
  before(async () => {
    silent = await LocalHttpServer.start('127.0.0.1', () => undefined);
  });
  after(() => silent?.stop());

  it('ends a publish at the deadline as outcome unknown, since the post may have been made', async () => {
    const connector = blueskyConnector({ requestTimeoutMs: 300 });
    const grant = {
      kind: 'atproto_session' as const,
      service: `http://127.0.0.1:${silent.port}`,
      did: 'did:plc:silent',
      handle: 'someone.test',
      accessJwt: FRESH_ACCESS_JWT,
      refreshJwt: 'e30.e30.y',
      appPassword: 'aaaa-bbbb-cccc-dddd',
    };

    const outcome = await connector.publisher.publish(blueskySegment({ text: 'Hello?' }), grant, new FileMediaAccess(), UNNAMED_ACCOUNT);

    expect(outcome.kind, JSON.stringify(outcome)).to.equal('outcomeUnknown');
  });

  it('ends a refresh at the deadline as a retry later, never a reconnect', async () => {
    const connector = blueskyConnector({ requestTimeoutMs: 300 });
    const grant = {
      kind: 'atproto_session' as const,
      service: `http://127.0.0.1:${silent.port}`,
      did: 'did:plc:silent',
      handle: 'someone.test',
      accessJwt: FRESH_ACCESS_JWT,
      refreshJwt: 'e30.e30.y',
      appPassword: 'aaaa-bbbb-cccc-dddd',
    };

    const refresh = await connector.tokens.refresh(grant);

    expect(!refresh.ok && refresh.failure.kind).to.equal('retryLater');
  });
});
