import { expect } from 'chai';
import supertest from 'supertest';
import { SandboxApp } from './sandboxApp';
import { type PublishedTarget } from './sandboxViews';

/**
 * A newcomer's path through the HTTP API (docs/decisions.md, "The sandbox platform"): a post
 * for three sandbox accounts, published by the worker, each target's platformPostUrl a page.
 */
describe('sandbox posts through the HTTP API and the worker, on SQLite', () => {
  let s: SandboxApp;

  beforeEach(async () => {
    s = await SandboxApp.start(['BLUESKY', 'TWITTER', 'LINKEDIN']);
  });
  afterEach(() => s.close());

  it('publishes a publish_now post to three sandbox connections and serves each as an HTML page with its text escaped', async () => {
    const text = 'Hello <b>sandbox</b> & "friends"';
    const targets = await s.publishNow([text]);
    expect(targets).to.have.length(3);
    for (const target of targets) {
      expect(target.status).to.equal('published');
      const url = new URL(target.platformPostUrl);
      expect(url.pathname).to.match(/^\/sandbox\/posts\/[0-9A-Z]{26}$/);
      const res = await supertest(s.t.app.callback()).get(url.pathname).expect(200);
      expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(res.text).to.include('Hello &lt;b&gt;sandbox&lt;/b&gt; &amp; &quot;friends&quot;');
      expect(res.text).not.to.include('<b>sandbox</b>');
    }
    const pages = await Promise.all(targets.map(async (t) => (await supertest(s.t.app.callback()).get(new URL(t.platformPostUrl).pathname)).text));
    expect(pages.some((p) => p.includes('Bluesky'))).to.equal(true);
    expect(pages.some((p) => p.includes('LinkedIn'))).to.equal(true);
  });

  it('shows a thread: the replies chained under the first segment', async () => {
    const [target] = await s.publishNow(['first of three', 'second of three', 'third of three']);
    const res = await supertest(s.t.app.callback()).get(new URL(target!.platformPostUrl).pathname).expect(200);
    const at = (needle: string) => res.text.indexOf(needle);
    expect(at('first of three')).to.be.greaterThan(0);
    expect(at('first of three')).to.be.lessThan(at('second of three'));
    expect(at('second of three')).to.be.lessThan(at('third of three'));
  });

  it('names the account each page was posted by, and the later segments as its platform calls them: replies on Bluesky and Twitter, comments on LinkedIn', async () => {
    const targets = await s.publishNow(['the post', 'the next segment']);
    const seen = new Map<string, string>();
    for (const target of targets as (PublishedTarget & { settings: { platform: string } })[])
      seen.set(target.settings.platform, (await s.page(target.platformPostUrl)).text);
    const heading = (page: string) => /<h2>([^<]*)<\/h2>/.exec(page)?.[1];
    expect(Object.fromEntries([...seen].map(([platform, page]) => [platform, heading(page)]))).to.deep.equal({
      BLUESKY: 'Replies',
      TWITTER: 'Replies',
      LINKEDIN: 'Comments',
    });
    for (const [platform, page] of seen) {
      expect(page, platform).to.include(`<span class="handle">@sandbox-${platform.toLowerCase()}</span>`);
      expect(page, platform).to.not.include('Thread');
    }
  });

  it('answers an unknown sandbox post with an HTML 404 page', async () => {
    const res = await supertest(s.t.app.callback()).get('/sandbox/posts/01NOSUCHPOST0000000000000').expect(404);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(res.text).to.include('404').and.include('Sandbox post not found');
    const elsewhere = await supertest(s.t.app.callback()).get('/sandbox/nothing-here').expect(404);
    expect(elsewhere.headers['content-type']).to.equal('text/html; charset=utf-8');
  });
});
