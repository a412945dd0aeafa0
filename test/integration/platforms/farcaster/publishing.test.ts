import { expect } from 'chai';
import { type FarcasterConnector } from '../../../../adapters/outbound/platforms/farcaster/FarcasterConnector';
import { type FarcasterSignerGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { NeynarFake } from '../../../support/fakes/neynarFake';
import { ACCOUNT, LINKED_MEDIA, approvedGrant, connectorFor, segment } from './farcasterTestKit';

const castBodies = (fake: NeynarFake) =>
  fake.received.filter((r) => r.method === 'POST' && r.path === '/v2/farcaster/cast/').map((r) => JSON.parse(r.body.toString()));

function published(outcome: PublishOutcome): Extract<PublishOutcome, { kind: 'published' }> {
  if (outcome.kind !== 'published') throw new Error(`expected published, got ${outcome.kind}: ${outcome.reason}`);
  return outcome;
}

describe('Farcaster connector: casts', () => {
  let fake: NeynarFake;
  let connector: FarcasterConnector;
  let grant: FarcasterSignerGrant;

  beforeEach(async () => {
    fake = await NeynarFake.start();
    connector = connectorFor(fake);
    grant = await approvedGrant(fake, connector);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('a text cast: the signer, the text and an idem key; the hash is the remote id, the address Warpcast’s', async () => {
    const outcome = published(await connector.publisher.publish(segment(), grant, LINKED_MEDIA, ACCOUNT));
    const [cast] = fake.state.casts;
    expect(outcome).to.deep.include({ platformPostId: cast!.hash, platformPostUrl: `https://warpcast.com/ada/${cast!.hash.slice(0, 10)}`, statusCode: 200 });
    const [body] = castBodies(fake);
    expect(body).to.have.keys('signer_uuid', 'text', 'idem');
    expect(body).to.include({ signer_uuid: grant.signerUuid, text: 'Shipping Dispatch 1.0' });
    expect(body.idem).to.match(/^[0-9a-f]{16}$/);
  });

  it('two images: two embeds, each a signed link of the library', async () => {
    const media = [
      { id: 'img-1', altText: 'first', thumbnailTimestamp: null },
      { id: 'img-2', altText: null, thumbnailTimestamp: null },
    ];
    published(await connector.publisher.publish(segment({ media }), grant, LINKED_MEDIA, ACCOUNT));
    expect(castBodies(fake)[0].embeds).to.deep.equal([
      { url: 'https://dispatch.example/media/img-1?sig=abc' },
      { url: 'https://dispatch.example/media/img-2?sig=abc' },
    ]);
  });

  it('a video: one embed, the library’s signed link (Farcaster takes any media as a link)', async () => {
    const media = [{ id: 'clip-1', altText: null, thumbnailTimestamp: 1.5 }];
    published(await connector.publisher.publish(segment({ media }), grant, LINKED_MEDIA, ACCOUNT));
    expect(castBodies(fake)[0].embeds).to.deep.equal([{ url: 'https://dispatch.example/media/clip-1?sig=abc' }]);
  });

  it('a channel from the target’s settings goes on the first cast', async () => {
    const settings = { platform: 'FARCASTER' as const, values: { channelId: 'dispatch' } };
    published(await connector.publisher.publish(segment({ settings }), grant, LINKED_MEDIA, ACCOUNT));
    expect(castBodies(fake)[0].channel_id).to.equal('dispatch');
  });

  it('a three-segment thread: each reply’s parent is the cast before, by its author’s fid', async () => {
    const hashes: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const outcome = await connector.publisher.publish(
        segment({
          text: `part ${index + 1}`,
          segmentIndex: index,
          segmentCount: 3,
          replyToPlatformPostId: hashes[index - 1] ?? null,
          idempotencyKey: `target-1:${index}:1`,
        }),
        grant,
        LINKED_MEDIA,
        ACCOUNT,
      );
      hashes.push(published(outcome).platformPostId);
    }
    const bodies = castBodies(fake);
    expect(bodies[0]).to.not.have.property('parent');
    expect(bodies[1]).to.include({ parent: hashes[0], parent_author_fid: 4242 });
    expect(bodies[2]).to.include({ parent: hashes[1], parent_author_fid: 4242 });
    expect(new Set(bodies.map((b) => b.idem)).size, 'one idem per segment').to.equal(3);
    expect(fake.state.casts).to.have.length(3);
  });

  it('a retried cast (the next attempt at the same segment) carries the same idem and is not cast twice', async () => {
    const first = published(await connector.publisher.publish(segment({ idempotencyKey: 'target-1:0:1' }), grant, LINKED_MEDIA, ACCOUNT));
    const again = published(await connector.publisher.publish(segment({ idempotencyKey: 'target-1:0:2' }), grant, LINKED_MEDIA, ACCOUNT));
    expect(again.platformPostId).to.equal(first.platformPostId);
    const [a, b] = castBodies(fake);
    expect(a.idem).to.equal(b.idem);
    expect(fake.state.casts).to.have.length(1);
  });
});
