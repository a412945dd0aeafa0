import { expect } from 'chai';
import { type FarcasterSignerGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { NeynarFake } from '../../../support/fakes/neynarFake';
import { ACCOUNT, connectorFor } from './farcasterTestKit';

/** The account's approved signer, as a connection holds it: figures need none of it (casts are public, read with the API key). */
const GRANT: FarcasterSignerGrant = { kind: 'farcaster_signer', signerUuid: 'signer-1', fid: 4242, username: 'ada' };

describe('Farcaster connector: a published cast’s figures (Neynar’s bulk cast read)', () => {
  let fake: NeynarFake;
  beforeEach(async () => {
    fake = await NeynarFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** A cast of the account's, with the reactions Farcaster has for it. */
  function cast(reactions?: { likes: number; recasts: number }, parent?: string): string {
    const hash = fake.state.hex(20);
    fake.state.casts.push({ hash, fid: 4242, body: { text: 'A cast', ...(parent ? { parent } : {}) }, createdAt: new Date() });
    if (reactions) fake.state.reactions.set(hash, reactions);
    return hash;
  }

  const read = (platformPostIds: string[]) => connectorFor(fake).reader.figures({ account: ACCOUNT, grant: GRANT, platformPostIds });

  it('reads likes, recasts and replies, null for what Farcaster does not report, Neynar’s own names in raw', async () => {
    const hash = cast({ likes: 31, recasts: 6 });
    cast(undefined, hash);
    cast(undefined, hash);
    expect(await read([hash])).to.deep.equal({
      ok: true,
      figures: new Map([
        [
          hash,
          {
            kind: 'counts',
            counts: { likes: 31, reposts: 6, replies: 2, quotes: null, saves: null, views: null, clicks: null },
            raw: { 'reactions.likes_count': 31, 'reactions.recasts_count': 6, 'replies.count': 2 },
          },
        ],
      ]),
    });
    const asked = fake.received.find((r) => r.path === '/v2/farcaster/casts/');
    expect(asked?.query.get('casts')).to.equal(hash);
    expect(asked?.headers['x-api-key']).to.equal(fake.state.apiKey);
  });

  it('reads several casts in one call (25 at most), comma separated as the description has it', async () => {
    const hashes = [cast({ likes: 1, recasts: 0 }), cast({ likes: 2, recasts: 0 }), cast({ likes: 3, recasts: 0 })];
    const figures = await read(hashes);
    if (!figures.ok) throw new Error(figures.reason);
    expect(hashes.map((h) => figures.figures.get(h)).map((f) => (f?.kind === 'counts' ? f.counts.likes : f?.kind))).to.deep.equal([1, 2, 3]);
    expect(fake.requestsTo('GET', '/v2/farcaster/casts/')).to.equal(1);
    expect(fake.received.find((r) => r.path === '/v2/farcaster/casts/')?.query.get('casts')).to.equal(hashes.join(','));
    expect(fake.requestsTo('GET', '/v2/farcaster/cast/')).to.equal(0);
    expect(connectorFor(fake).reader.figuresBatchSize).to.equal(25);
  });

  it('looks a cast the bulk answer leaves out up alone: Neynar’s 404 for that hash reports it deleted', async () => {
    const kept = cast({ likes: 4, recasts: 1 });
    const gone = cast({ likes: 9, recasts: 0 });
    fake.state.casts.splice(
      fake.state.casts.findIndex((c) => c.hash === gone),
      1,
    );
    const figures = await read([kept, gone]);
    if (!figures.ok) throw new Error(figures.reason);
    expect(figures.figures.get(gone)).to.deep.equal({ kind: 'deleted' });
    expect(figures.figures.get(kept)?.kind).to.equal('counts');
    const lookup = fake.received.find((r) => r.path === '/v2/farcaster/cast/');
    expect(Object.fromEntries(lookup?.query ?? [])).to.deep.equal({ identifier: gone, type: 'hash' });
  });

  it('leaves a cast unreported when its lookup fails for another reason (nothing is called deleted on a guess)', async () => {
    const gone = cast();
    fake.state.casts.splice(0, 1);
    fake.answerNext('lookup-cast-by-hash-or-url', { kind: 'serverError' });
    expect(await read([gone])).to.deep.equal({ ok: true, figures: new Map() });
  });

  it('defers on a 429 until X-RateLimit-Reset, from the bulk read or a lookup', async () => {
    const hash = cast();
    fake.answerNext('fetch-bulk-casts', { kind: 'rateLimited', resetInSeconds: 45 });
    const limited = await read([hash]);
    expect(limited).to.deep.include({ ok: false, reason: 'Neynar: Too many requests (RateLimitExceeded)' });
    expect(!limited.ok && limited.retryAfterSeconds).to.be.within(44, 46);
    fake.state.casts.splice(0, 1);
    fake.answerNext('lookup-cast-by-hash-or-url', { kind: 'rateLimited', resetInSeconds: 30 });
    const lookup = await read([hash]);
    expect(!lookup.ok && lookup.retryAfterSeconds).to.be.within(29, 31);
  });

  it('says why a read failed, in Neynar’s words: a refused API key is the operator’s setting', async () => {
    const hash = cast();
    fake.answerNext('fetch-bulk-casts', { kind: 'serverError' });
    expect(await read([hash])).to.deep.equal({ ok: false, reason: 'Neynar: Internal server error (InternalServerError)', retryAfterSeconds: null });
    const refused = await connectorFor(fake, { apiKey: 'WRONG' }).reader.figures({ account: ACCOUNT, grant: GRANT, platformPostIds: [hash] });
    expect(refused).to.deep.equal({
      ok: false,
      reason: "Neynar: Invalid or missing API key (Unauthorized): the service's NEYNAR_API_KEY was refused",
      retryAfterSeconds: null,
    });
  });
});
