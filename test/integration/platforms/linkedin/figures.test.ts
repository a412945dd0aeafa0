import { expect } from 'chai';
import { LinkedInFake, ORGANIZATION_SCOPES } from '../../../support/fakes/linkedinFake';
import { NOW, connectorFor, grantFrom, memberAccount, organizationAccount } from './linkedinTestKit';

const ORGANIZATION = { id: '2414183', name: 'Analytical Engines Ltd', role: 'ADMINISTRATOR' };
const AUTHOR = `urn:li:organization:${ORGANIZATION.id}`;

describe('LinkedIn connector: an organization’s published posts’ figures (organizationalEntityShareStatistics)', () => {
  let fake: LinkedInFake;
  beforeEach(async () => {
    fake = await LinkedInFake.start();
    fake.state.organizations = [ORGANIZATION];
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** A post of the organization's (`share` or `ugcPost`), with the lifetime statistics LinkedIn has for it. */
  function post(statistics?: Record<string, number>, kind: 'share' | 'ugcPost' = 'share'): string {
    const urn = `urn:li:${kind}:${7_100_000_000 + fake.state.next()}`;
    fake.state.posts.push({ urn, body: { author: AUTHOR, commentary: 'A post', visibility: 'PUBLIC' }, createdAt: NOW });
    if (statistics) fake.state.statistics.set(urn, statistics);
    return urn;
  }

  const read = (platformPostIds: string[], options: { scopes?: readonly string[]; account?: ReturnType<typeof memberAccount> } = {}) =>
    connectorFor(fake, { organizations: true }).reader!.figures({
      account: options.account ?? organizationAccount(fake, ORGANIZATION.id, ORGANIZATION.name),
      grant: grantFrom(fake.tokens([...(options.scopes ?? ORGANIZATION_SCOPES)]), options.scopes ?? ORGANIZATION_SCOPES),
      platformPostIds,
    });

  it('reads likes, comments, reshares, impressions and clicks; no quotes or saves; LinkedIn’s own names in raw', async () => {
    const statistics = { uniqueImpressionsCount: 310, shareCount: 4, engagement: 0.0714, clickCount: 17, likeCount: 21, impressionCount: 420, commentCount: 3 };
    const urn = post(statistics);
    expect(await read([urn])).to.deep.equal({
      ok: true,
      figures: new Map([
        [
          urn,
          {
            kind: 'counts',
            counts: { likes: 21, reposts: 4, replies: 3, quotes: null, saves: null, views: 420, clicks: 17 },
            raw: Object.fromEntries(Object.entries(statistics).map(([name, value]) => [`totalShareStatistics.${name}`, value])),
          },
        ],
      ]),
    });
    const asked = fake.received.find((r) => r.path === '/rest/organizationalEntityShareStatistics');
    expect(Object.fromEntries(asked?.query ?? [])).to.deep.equal({ q: 'organizationalEntity', organizationalEntity: AUTHOR, shares: `List(${urn})` });
    expect(asked?.headers['x-restli-method']).to.equal('FINDER');
  });

  it('reads shares and ugcPosts together in one call (20 at most), each as a Rest.li list', async () => {
    const shares = [post({ likeCount: 1 }), post({ likeCount: 2 })];
    const ugcPost = post({ likeCount: 3 }, 'ugcPost');
    const figures = await read([shares[0]!, ugcPost, shares[1]!]);
    if (!figures.ok) throw new Error(figures.reason);
    expect([...shares, ugcPost].map((u) => figures.figures.get(u)).map((f) => (f?.kind === 'counts' ? f.counts.likes : f?.kind))).to.deep.equal([1, 2, 3]);
    expect(fake.requestsTo('GET', '/rest/organizationalEntityShareStatistics')).to.equal(1);
    const asked = fake.received.find((r) => r.path === '/rest/organizationalEntityShareStatistics');
    expect(asked?.query.get('shares')).to.equal(`List(${shares.join(',')})`);
    expect(asked?.query.get('ugcPosts')).to.equal(`List(${ugcPost})`);
    expect(connectorFor(fake, { organizations: true }).reader?.figuresBatchSize).to.equal(20);
  });

  it('reads a post the statistics leave out alone: LinkedIn’s 404 for it reports it deleted', async () => {
    const kept = post({ likeCount: 5 });
    const gone = post({ likeCount: 8 });
    fake.state.posts.splice(
      fake.state.posts.findIndex((p) => p.urn === gone),
      1,
    );
    const figures = await read([kept, gone]);
    if (!figures.ok) throw new Error(figures.reason);
    expect(figures.figures.get(gone)).to.deep.equal({ kind: 'deleted' });
    expect(figures.figures.get(kept)?.kind).to.equal('counts');
    expect(fake.received.filter((r) => r.path.startsWith('/rest/posts/')).map((r) => decodeURIComponent(r.path))).to.deep.equal([`/rest/posts/${gone}`]);
  });

  it('defers on a 429 for its Retry-After, and until midnight UTC when LinkedIn names a spent daily limit', async () => {
    const urn = post();
    fake.answerNext('linkedin.organizationalEntityShareStatistics', { kind: 'rateLimited', retryAfterSeconds: 30 });
    expect(await read([urn])).to.deep.equal({ ok: false, reason: 'LinkedIn: Too many requests (TOO_MANY_REQUESTS)', retryAfterSeconds: 30 });
    fake.answerNext('linkedin.organizationalEntityShareStatistics', { kind: 'dailyLimit', of: 'APPLICATION' });
    expect(await read([urn])).to.deep.include({ ok: false, retryAfterSeconds: 12 * 3600 });
  });

  it('says why a read failed in LinkedIn’s words: a member who is not the organization’s ADMINISTRATOR is refused', async () => {
    const urn = post();
    fake.state.organizations = [{ ...ORGANIZATION, role: 'CONTENT_ADMINISTRATOR' }];
    expect(await read([urn])).to.deep.equal({
      ok: false,
      reason: `LinkedIn: Not enough permissions to access: organizationalEntityShareStatistics of ${AUTHOR} (ACCESS_DENIED)`,
      retryAfterSeconds: null,
    });
    fake.state.organizations = [ORGANIZATION];
    fake.answerNext('linkedin.organizationalEntityShareStatistics', { kind: 'serverError' });
    expect(await read([urn])).to.deep.equal({ ok: false, reason: 'LinkedIn: Internal Server Error (INTERNAL_SERVER_ERROR)', retryAfterSeconds: null });
  });

  it('asks nothing for a member’s posts (r_member_postAnalytics is not asked for) or without rw_organization_admin', async () => {
    const urn = post();
    expect(await read([urn], { account: memberAccount(fake) })).to.deep.equal({
      ok: false,
      reason: "LinkedIn reports a member's post figures only with r_member_postAnalytics, which Dispatch does not ask for",
      retryAfterSeconds: null,
    });
    const older = ORGANIZATION_SCOPES.filter((scope) => scope !== 'rw_organization_admin');
    expect(await read([urn], { scopes: older })).to.deep.equal({
      ok: false,
      reason: "the connection was made without LinkedIn's rw_organization_admin: connect it again to read its posts' figures",
      retryAfterSeconds: null,
    });
    expect(fake.received).to.have.length(0);
  });
});
