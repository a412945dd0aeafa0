import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { linkedinConnector, type LinkedInConnector } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { LinkedInFake, ORGANIZATION_SCOPES } from '../../../support/fakes/linkedinFake';
import { DEFAULT_NOW } from '../../../support/fixedClock';
import { makePng } from '../../../support/mediaFiles';
import { DAY_MS } from '../../../support/platformTestKit';
import { readBackScenarios } from '../../../support/readBackScenarios';
import { NO_MEDIA, NOW, connectorFor, grantFrom, memberAccount, mediaFrom, organizationAccount, segment } from './linkedinTestKit';

const ORGANIZATION = { id: '2414183', name: 'Analytical Engines Ltd', role: 'ADMINISTRATOR' };

describe('LinkedIn connector: reading an organization’s posts back (GET /rest/posts?q=author, /rest/socialActions/{post}/comments)', () => {
  let fake: LinkedInFake;
  let connector: LinkedInConnector;
  let grant: OAuth2Grant;
  const account = () => organizationAccount(fake, ORGANIZATION.id, ORGANIZATION.name);
  const reader = () => {
    if (!connector.reader) throw new Error('the connector reads nothing without the organization scopes');
    return connector.reader;
  };

  beforeEach(async () => {
    fake = await LinkedInFake.start();
    fake.state.organizations = [ORGANIZATION];
    connector = connectorFor(fake, { organizations: true });
    grant = grantFrom(fake.tokens(ORGANIZATION_SCOPES), ORGANIZATION_SCOPES);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('lists the organization’s posts since a time, newest first: the commentary read back as written, media counted, the URL as published', async () => {
    fake.state.now = () => new Date(NOW.getTime() - 3_600_000);
    await connector.publisher.publish(segment({ text: 'An hour ago' }), grant, NO_MEDIA, account());
    fake.state.now = () => NOW;
    const text = 'Shipping (at last) #launch, C# wins';
    const published = await connector.publisher.publish(segment({ text }), grant, NO_MEDIA, account());
    if (published.kind !== 'published') throw new Error(JSON.stringify(published));
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkedin-read-'));
    const pictured = await connector.publisher.publish(
      segment({ text: 'A picture', media: [{ id: 'm', altText: null, thumbnailTimestamp: null }] }),
      grant,
      mediaFrom({ m: await makePng(dir, 8, 8) }),
      account(),
    );
    await fs.rm(dir, { recursive: true, force: true });
    if (pictured.kind !== 'published') throw new Error(JSON.stringify(pictured));
    const read = await reader().recentPosts({ account: account(), grant, since: new Date(NOW.getTime() - 60_000), replyTo: null });
    expect(read).to.deep.equal({
      ok: true,
      posts: [
        {
          platformPostId: pictured.platformPostId,
          platformPostUrl: pictured.platformPostUrl,
          text: 'A picture',
          createdAt: NOW,
          mediaCount: 1,
          replyToPlatformPostId: null,
        },
        {
          platformPostId: published.platformPostId,
          platformPostUrl: published.platformPostUrl,
          text,
          createdAt: NOW,
          mediaCount: 0,
          replyToPlatformPostId: null,
        },
      ],
    });
    const sent = fake.received.find((r) => r.method === 'GET' && r.path === '/rest/posts');
    expect(Object.fromEntries(sent?.query ?? [])).to.deep.equal({ author: 'urn:li:organization:2414183', q: 'author', count: '50', sortBy: 'LAST_MODIFIED' });
  });

  it('a comment (a later segment) is read among the comments on the first segment’s post, whichever segment it followed', async () => {
    const post = await connector.publisher.publish(segment({ segmentCount: 3 }), grant, NO_MEDIA, account());
    if (post.kind !== 'published') throw new Error(JSON.stringify(post));
    const second = await connector.publisher.publish(
      segment({ text: 'More (details)', segmentIndex: 1, segmentCount: 3, replyToPlatformPostId: post.platformPostId }),
      grant,
      NO_MEDIA,
      account(),
    );
    if (second.kind !== 'published') throw new Error(JSON.stringify(second));
    const read = await reader().recentPosts({ account: account(), grant, since: NOW, replyTo: second.platformPostId });
    expect(read).to.deep.equal({
      ok: true,
      posts: [{ platformPostId: second.platformPostId, platformPostUrl: second.platformPostUrl, text: 'More (details)', createdAt: NOW, mediaCount: 0 }],
    });
    expect(fake.received.filter((r) => r.method === 'GET').map((r) => r.path)).to.deep.equal([
      `/rest/socialActions/${encodeURIComponent(post.platformPostId)}/comments`,
    ]);
  });

  it('a member’s posts: LinkedIn restricts r_member_social to approved partners, so the read says so, no call made', async () => {
    const memberGrant = grantFrom(fake.tokens());
    const read = await reader().recentPosts({ account: memberAccount(fake), grant: memberGrant, since: NOW, replyTo: null });
    expect(read).to.deep.equal({
      ok: false,
      reason: "LinkedIn lets only approved partners read a member's posts (r_member_social): a member's post cannot be read back",
    });
    expect(fake.received).to.have.length(0);
  });

  it('an organization connected before r_organization_social was asked for: says to connect again, no call made', async () => {
    const older = ORGANIZATION_SCOPES.filter((s) => s !== 'r_organization_social');
    const read = await reader().recentPosts({ account: account(), grant: grantFrom(fake.tokens(older), older), since: NOW, replyTo: null });
    expect(read).to.deep.equal({
      ok: false,
      reason: 'the connection was made before Dispatch asked LinkedIn for r_organization_social: connect it again to read its posts back',
    });
    expect(fake.received).to.have.length(0);
  });

  it('says why a read failed, in LinkedIn’s words; a connector without the organization scopes has no reader', async () => {
    fake.answerNext('linkedin.posts.byAuthor', { kind: 'serverError' });
    const read = await reader().recentPosts({ account: account(), grant, since: NOW, replyTo: null });
    expect(read).to.deep.equal({ ok: false, reason: 'LinkedIn: Internal Server Error (INTERNAL_SERVER_ERROR)' });
    expect(connectorFor(fake).reader).to.equal(undefined);
  });
});

/** The fake, and an organization's connection with a grant fresh on the engine's clock (which starts at DEFAULT_NOW). */
async function organizationWorld() {
  const fake = await LinkedInFake.start();
  fake.state.organizations = [ORGANIZATION];
  const { accessToken, refreshToken } = fake.tokens(ORGANIZATION_SCOPES);
  const start = new Date(DEFAULT_NOW).getTime();
  const grant: OAuth2Grant = {
    kind: 'oauth2',
    accessToken,
    refreshToken,
    accessExpiresAt: new Date(start + 60 * DAY_MS),
    refreshExpiresAt: new Date(start + 365 * DAY_MS),
    scopes: [...ORGANIZATION_SCOPES],
  };
  const options = { clientId: fake.state.clientId, clientSecret: fake.state.clientSecret, apiBaseUrl: fake.baseUrl, authBaseUrl: fake.baseUrl };
  return {
    fake,
    platform: 'LINKEDIN' as const,
    connector: linkedinConnector({ ...options, organizations: true, timeoutMs: 5_000 }),
    grant,
    account: { accountId: fake.state.member.sub, handle: fake.state.member.name },
    publishAs: { id: ORGANIZATION.id, kind: 'organization' as const, name: ORGANIZATION.name },
    useClock: (now: () => Date) => {
      fake.state.now = now;
    },
    stop: () => fake.stop().then(() => fake.expectNoViolations()),
  };
}

readBackScenarios('LinkedIn (an organization’s post)', async () => {
  const { fake, ...world } = await organizationWorld();
  return {
    ...world,
    loseAnswerAfterPosting: () => fake.answerNext('linkedin.posts.create', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('linkedin.posts.create', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('linkedin.posts.byAuthor', { kind: 'serverError' }),
    posts: () => fake.state.posts.length,
    urlOf: (urn) => `https://www.linkedin.com/feed/update/${urn}`,
  };
});

readBackScenarios('LinkedIn (a comment on the organization’s post)', async () => {
  const { fake, ...world } = await organizationWorld();
  return {
    ...world,
    leading: ['The post the comment goes on'],
    loseAnswerAfterPosting: () => fake.answerNext('linkedin.comments.create', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('linkedin.comments.create', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('linkedin.comments.list', { kind: 'serverError' }),
    posts: () => fake.state.comments.length,
    // A target of several segments is known by its first: the post the comment went on.
    urlOf: (urn) => `https://www.linkedin.com/feed/update/${urn}`,
  };
});
