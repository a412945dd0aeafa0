import { expect } from 'chai';
import { type PostOnPlatform } from '../../../../application/ports/platforms/PostReader';
import { findSentPost } from '../../../../application/publishing/findSentPost';

const SENT_AT = new Date('2030-01-01T12:00:00.000Z');
const span = { sentFrom: SENT_AT, sentUntil: new Date(SENT_AT.getTime() + 30_000) };
const at = (seconds: number) => new Date(SENT_AT.getTime() + seconds * 1000);
const listed = (id: string, text: string, extra: Partial<PostOnPlatform> = {}): PostOnPlatform => ({
  platformPostId: id,
  platformPostUrl: `https://x.example/${id}`,
  text,
  createdAt: at(10),
  mediaCount: 0,
  ...extra,
});
const sent = { text: 'Launch day! Read https://example.com/launch?utm=1\n\nSee you there', mediaCount: 0, replyTo: null };

describe('findSentPost: which listed post a lost call made', () => {
  it('matches the same text, links rewritten by the platform and whitespace aside', () => {
    const posts = [listed('a', 'Something else'), listed('b', 'Launch day! Read https://t.co/xyz See you there')];
    expect(findSentPost(sent, span, 10_000, posts)?.platformPostId).to.equal('b');
  });

  it('never matches another text, another number of media, or another parent', () => {
    expect(findSentPost(sent, span, 10_000, [listed('a', 'Launch day! See you there')])).to.equal(null);
    expect(findSentPost(sent, span, 10_000, [listed('a', sent.text, { mediaCount: 1 })])).to.equal(null);
    expect(findSentPost(sent, span, 10_000, [listed('a', sent.text, { replyToPlatformPostId: 'parent' })])).to.equal(null);
    expect(findSentPost({ ...sent, replyTo: 'parent' }, span, 10_000, [listed('a', sent.text, { replyToPlatformPostId: 'parent' })])?.platformPostId).to.equal(
      'a',
    );
  });

  it('takes a post made while the call was under way or within the visibility delay, give or take the clocks', () => {
    expect(findSentPost(sent, span, 10_000, [listed('early', sent.text, { createdAt: at(-119) })])?.platformPostId).to.equal('early');
    expect(findSentPost(sent, span, 10_000, [listed('before', sent.text, { createdAt: at(-121) })])).to.equal(null);
    expect(findSentPost(sent, span, 10_000, [listed('late', sent.text, { createdAt: at(30 + 10 + 119) })])?.platformPostId).to.equal('late');
    expect(findSentPost(sent, span, 10_000, [listed('after', sent.text, { createdAt: at(30 + 10 + 121) })])).to.equal(null);
  });

  it('of the same text posted twice, the one made closest to the call; a platform that gives no time or media count still matches', () => {
    const posts = [listed('yesterday-ish', sent.text, { createdAt: at(100) }), listed('this-one', sent.text, { createdAt: at(2) })];
    expect(findSentPost(sent, span, 120_000, posts)?.platformPostId).to.equal('this-one');
    expect(findSentPost(sent, span, 10_000, [listed('vague', sent.text, { createdAt: null, mediaCount: null })])?.platformPostId).to.equal('vague');
  });
});
