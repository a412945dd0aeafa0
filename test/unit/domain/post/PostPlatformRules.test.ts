import { capabilitiesOf } from '../../../../domain/platform/Platform';
import { describeUnit } from '../../../../domain/platform/TextLength';
import { expect } from 'chai';
import { type Platform } from '../../../../domain/platform/Platform';
import { Post } from '../../../../domain/post/Post';
import { context, expectValidation, group, media, newPost, postInput, segment, target } from './postFixtures';

const FAMILY = '👨‍👩‍👧‍👦'; // one grapheme, 7 code points, 25 UTF-8 bytes

/** A post whose default group is `segments`, sent to one platform. */
const on = (platform: Platform, segments = [segment()]) => postInput({ groups: [group('g_default', true, segments)], targets: [target('t1', platform)] });
const accepted = (platform: Platform, segments = [segment()]) => expect(Post.create(on(platform, segments), context()).status).to.equal('draft');
const refused = (platform: Platform, segments: ReturnType<typeof segment>[], paths: string[]) =>
  expectValidation(() => Post.create(on(platform, segments), context()), 'invalid_post', paths);

describe('Post.create: per-platform text limits', () => {
  const limits: [Platform, number][] = [
    ['TWITTER', 280],
    ['THREADS', 500],
    ['LINKEDIN', 3000],
    ['FACEBOOK', 63206],
    ['PINTEREST', 500],
    ['INSTAGRAM', 2200],
    ['TIKTOK', 2200],
    ['YOUTUBE', 5000],
  ];
  for (const [platform, limit] of limits) {
    it(`${platform}: ${limit} characters pass, ${limit + 1} fail`, () => {
      const withMedia = (text: string) => [segment(text, [media()])];
      accepted(platform, withMedia('a'.repeat(limit)));
      const error = refused(platform, withMedia('a'.repeat(limit + 1)), ['groups[0].segments[0].text']);
      expect(error.details[0]!.message).to.equal(`is ${limit + 1} ${describeUnit(capabilitiesOf(platform).textUnit)}; ${platform} allows at most ${limit}`);
    });
  }

  it('Threads counts an emoji as its UTF-8 bytes; TikTok counts UTF-16 units (an emoji two)', () => {
    accepted('THREADS', [segment(`${'😀'.repeat(125)}`)]);
    refused('THREADS', [segment(`a${'😀'.repeat(125)}`)], ['groups[0].segments[0].text']);
    accepted('TIKTOK', [segment('😀'.repeat(1100), [media()])]);
    refused('TIKTOK', [segment('😀'.repeat(1101), [media()])], ['groups[0].segments[0].text']);
  });

  it('Twitter counts code points: 280 emoji pass though they are 560 UTF-16 units', () => {
    accepted('TWITTER', [segment('😀'.repeat(280))]);
    refused('TWITTER', [segment('😀'.repeat(281))], ['groups[0].segments[0].text']);
  });

  it('Bluesky counts graphemes: 300 family emoji (2100 code points) pass, 301 fail', () => {
    accepted('BLUESKY', [segment(FAMILY.repeat(300))]);
    const error = refused('BLUESKY', [segment(FAMILY.repeat(301))], ['groups[0].segments[0].text']);
    expect(error.details[0]!.message).to.equal('is 301 graphemes; BLUESKY allows at most 300');
  });

  it('Farcaster counts UTF-8 bytes: 256 emoji (1024 bytes) pass, 513 “é” (1026 bytes) fail', () => {
    accepted('FARCASTER', [segment('😀'.repeat(256))]);
    refused('FARCASTER', [segment('😀'.repeat(257))], ['groups[0].segments[0].text']);
    const error = refused('FARCASTER', [segment('é'.repeat(513))], ['groups[0].segments[0].text']);
    expect(error.details[0]!.message).to.equal('is 1026 bytes (UTF-8); FARCASTER allows at most 1024');
  });

  it('checks every segment, naming the one too long', () => {
    refused('TWITTER', [segment('ok'), segment('x'.repeat(281)), segment('ok')], ['groups[0].segments[1].text']);
  });

  it('applies each platform’s limit to the group its target uses, and ignores unused groups', () => {
    const long = 'x'.repeat(400);
    const input = postInput({
      groups: [group('g_default', true, [segment('short')]), group('g_long', false, [segment(long)]), group('g_unused', false, [segment('y'.repeat(5000))])],
      targets: [target('t1', 'TWITTER'), target('t2', 'LINKEDIN', { groupId: 'g_long' })],
    });
    expect(Post.create(input, context()).status).to.equal('draft');

    const swapped = { ...input, targets: [target('t1', 'TWITTER', { groupId: 'g_long' })] };
    expectValidation(() => Post.create(swapped, context()), 'invalid_post', ['groups[1].segments[0].text']);
  });

  it('reports one problem per platform when two platforms share a group, and only once per platform', () => {
    const groups = [group('g_default', true, [segment('x'.repeat(600))])];
    const error = expectValidation(
      () =>
        Post.create(
          postInput({ groups, targets: [target('t1', 'TWITTER'), target('t2', 'TWITTER', { connectionId: 'conn_twitter_2' }), target('t3', 'THREADS')] }),
          context(),
        ),
      'invalid_post',
      ['groups[0].segments[0].text', 'groups[0].segments[0].text'],
    );
    expect(error.details.map((d) => d.message)).to.deep.equal([
      'is 600 characters; TWITTER allows at most 280',
      'is 600 characters (an emoji as its UTF-8 bytes); THREADS allows at most 500',
    ]);
  });
});

describe('Post.create: media rules', () => {
  for (const platform of ['INSTAGRAM', 'TIKTOK', 'YOUTUBE', 'PINTEREST'] as const) {
    it(`${platform} refuses a group without media`, () => {
      refused(platform, [segment('text only')], ['groups[0].segments[0].media']);
      accepted(platform, [segment('with media', [media()])]);
    });
  }

  it('needs the media on the first segment, the one that becomes the post', () => {
    refused('INSTAGRAM', [segment('first'), segment('comment', [media()])], ['groups[0].segments[0].media']);
  });

  it('text platforms accept a group without media', () => {
    for (const p of ['TWITTER', 'BLUESKY', 'THREADS', 'LINKEDIN', 'FACEBOOK', 'FARCASTER'] as const) accepted(p);
  });

  it('caps media per segment: Twitter and Bluesky 4, Farcaster 2, YouTube 1', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => media(`m${i}`));
    accepted('TWITTER', [segment('x', items(4))]);
    refused('TWITTER', [segment('x'), segment('x', items(5))], ['groups[0].segments[1].media']);
    accepted('BLUESKY', [segment('x', items(4))]);
    refused('BLUESKY', [segment('x', items(5))], ['groups[0].segments[0].media']);
    accepted('FARCASTER', [segment('x', items(2))]);
    refused('FARCASTER', [segment('x', items(3))], ['groups[0].segments[0].media']);
    refused('YOUTUBE', [segment('x', items(2))], ['groups[0].segments[0].media']);
    accepted('LINKEDIN', [segment('x', items(9))]);
  });
});

describe('Post.create: several segments', () => {
  it('thread platforms and comment platforms accept several segments', () => {
    for (const p of ['TWITTER', 'BLUESKY', 'THREADS', 'FARCASTER', 'LINKEDIN', 'FACEBOOK'] as const) {
      accepted(p, [segment('one'), segment('two'), segment('three')]);
    }
    for (const p of ['INSTAGRAM', 'YOUTUBE'] as const) accepted(p, [segment('one', [media()]), segment('two')]);
  });

  it('TikTok and Pinterest, with neither threads nor comments, refuse them', () => {
    for (const p of ['TIKTOK', 'PINTEREST'] as const) {
      const error = refused(p, [segment('one', [media()]), segment('two')], ['groups[0].segments']);
      expect(error.details[0]!.message).to.contain(p);
    }
  });

  it('lets TikTok use a one-segment group while Twitter threads another', () => {
    const post = newPost({
      groups: [group('g_default', true, [segment('a'), segment('b')]), group('g_tiktok', false, [segment('clip', [media()])])],
      targets: [target('t1', 'TWITTER'), target('t2', 'TIKTOK', { groupId: 'g_tiktok' })],
    });
    expect(post.targets.map((t) => t.platform)).to.deep.equal(['TWITTER', 'TIKTOK']);
  });
});
