import { expect } from 'chai';
import { type InstagramConnector } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { type GrantedPublisher } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { readBackScenarios } from '../../../support/readBackScenarios';
import { type ServedMediaAccess } from '../../../support/servedMediaAccess';
import { ACCOUNT, connectorFor, grantFrom, NOW, segment, servedMedia } from './instagramTestKit';

describe('Instagram connector: reading the account back (GET /{ig-user-id}/media, GET /{ig-media-id}/comments)', () => {
  let fake: InstagramFake;
  let connector: InstagramConnector;
  let grant: OAuth2Grant;
  let media: ServedMediaAccess;

  beforeEach(async () => {
    fake = await InstagramFake.start();
    fake.state.now = () => NOW;
    connector = connectorFor(fake);
    grant = grantFrom(fake.longLivedToken());
    media = await servedMedia();
  });
  afterEach(async () => {
    await media.stop();
    await fake.stop();
    fake.expectNoViolations();
  });

  const publish = async (overrides: Parameters<typeof segment>[0]) => {
    const outcome = await connector.publisher.publish(segment(overrides), grant, media, ACCOUNT);
    if (outcome.kind !== 'published') throw new Error(JSON.stringify(outcome));
    return outcome;
  };
  const read = (replyTo: string | null = null) => connector.reader.recentPosts({ account: ACCOUNT, grant, since: new Date(NOW.getTime() - 60_000), replyTo });

  it('lists the account’s posts since a time, newest first: caption, time, permalink, and a carousel’s items', async () => {
    fake.state.now = () => new Date(NOW.getTime() - 3_600_000);
    await publish({ text: 'An hour ago' });
    fake.state.now = () => NOW;
    const photo = await publish({ text: 'One photo #dispatch' });
    const carousel = await publish({
      text: 'Two photos',
      media: [
        { id: 'photo', altText: null, thumbnailTimestamp: null },
        { id: 'photo2', altText: null, thumbnailTimestamp: null },
      ],
    });
    expect(await read()).to.deep.equal({
      ok: true,
      posts: [
        { platformPostId: carousel.platformPostId, platformPostUrl: carousel.platformPostUrl, text: 'Two photos', createdAt: NOW, mediaCount: 2 },
        { platformPostId: photo.platformPostId, platformPostUrl: photo.platformPostUrl, text: 'One photo #dispatch', createdAt: NOW, mediaCount: 1 },
      ],
    });
    const listed = fake.received.find((r) => r.method === 'GET' && r.path.endsWith(`/${ACCOUNT.accountId}/media`));
    expect(listed?.query.get('since')).to.equal(String((NOW.getTime() - 60_000) / 1000));
  });

  it('a comment: the account’s comments under the first post, named and linked as the publisher names them', async () => {
    const post = await publish({ text: 'Post', segmentCount: 2 });
    const comment = await connector.publisher.publish(
      segment({ text: 'A comment', media: [], segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: post.platformPostId }),
      grant,
      media,
      ACCOUNT,
    );
    if (comment.kind !== 'published') throw new Error(comment.kind);
    expect(await read(comment.platformPostId)).to.deep.equal({
      ok: true,
      posts: [{ platformPostId: comment.platformPostId, platformPostUrl: post.platformPostUrl, text: 'A comment', createdAt: NOW, mediaCount: null }],
    });
  });

  it('says why a read failed, in Meta’s words; a connection without its account id cannot be read', async () => {
    fake.answerNext('user.media.list', { kind: 'error', error: UNEXPECTED });
    expect(await read()).to.deep.equal({ ok: false, reason: `Instagram: ${UNEXPECTED.message} (#2)` });
    const unknown = await connector.reader.recentPosts({ account: { ...ACCOUNT, accountId: null }, grant, since: NOW, replyTo: null });
    expect(unknown).to.deep.equal({ ok: false, reason: 'the connection does not know its Instagram user id: connect it again' });
  });
});

readBackScenarios('Instagram', async () => {
  const fake = await InstagramFake.start();
  const connector = connectorFor(fake, { now: () => new Date() });
  // Instagram fetches the picture itself: the engine's item is served where the fake can fetch it.
  const served = await servedMedia();
  const pictures = { open: () => served.open('photo'), link: () => served.link('photo') };
  const publisher: GrantedPublisher = { publish: (segment, grant, _media, account) => connector.publisher.publish(segment, grant, pictures, account) };
  return {
    platform: 'INSTAGRAM',
    connector: { ...connector, publisher },
    grant: grantFrom(fake.longLivedToken()),
    account: { accountId: fake.state.account.userId, handle: fake.state.account.username },
    useClock: (now) => {
      fake.state.now = now;
    },
    loseAnswerAfterPosting: () => fake.answerNext('user.mediaPublish', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('user.mediaPublish', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('user.media.list', { kind: 'error', error: UNEXPECTED }),
    posts: () => fake.state.media.length,
    urlOf: (id) => fake.state.media.find((m) => m.id === id)?.permalink ?? `no post ${id}`,
    stop: async () => {
      await served.stop();
      await fake.stop();
      fake.expectNoViolations();
    },
  };
});
