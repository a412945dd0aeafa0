import { expect } from 'chai';
import { escapeHtml, html, page } from '../../../../../adapters/inbound/http/chains/html';
import { describable } from '../../../../../adapters/inbound/http/chains/oauthErrors';

describe('HTML without a template engine', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).to.equal('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });

  it('escapes every value given to html, but not Html it built, and joins arrays', () => {
    const items = ['<i>', 'b&b'].map((item) => html`<li>${item}</li>`);
    const list = html`<ul title="${'"quoted"'}">${items}${null}${undefined}${false}${0}</ul>`;
    expect(list.text).to.equal('<ul title="&quot;quoted&quot;"><li>&lt;i&gt;</li><li>b&amp;b</li>0</ul>');
  });

  it('lays out a whole page, escaping its title', () => {
    const text = page('<Sign in>', html`<p>x</p>`);
    expect(text).to.match(/^<!doctype html>/);
    expect(text).to.contain('<title>&lt;Sign in&gt; · Dispatch</title>');
    expect(text).to.contain('<p>x</p>');
  });
});

describe('OAuth error descriptions', () => {
  it('keep only the characters the OAuth error body allows', () => {
    expect(describable('the "scope" \\ is é\nwrong')).to.equal('the ?scope? ? is ??wrong');
    expect(describable('plain text: fine (1-2)')).to.equal('plain text: fine (1-2)');
  });
});
