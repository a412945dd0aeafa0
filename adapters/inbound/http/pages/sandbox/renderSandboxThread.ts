import { type SandboxPost } from '../../../../../application/ports/SandboxPosts';
import { type SandboxMediaView } from '../../../../../application/sandbox/SandboxMediaViews';
import { type SandboxThread } from '../../../../../application/sandbox/ReadSandboxPost';
import { capabilitiesOf, descriptorOf, isPlatform } from '../../../../../domain/platform/Platform';
import { Html, html } from '../../chains/html';

/** The accent colour is ours (each platform's brandColor), never the request's: only such a value reaches the <style>. */
const STYLE = (accent: string) => `
.sandbox-banner{background:#fff7d6;border:1px solid #e8d48a;border-radius:.4rem;padding:.4rem .8rem;font-size:.9rem}
.platform{color:${accent};font-weight:700;letter-spacing:.02em}
.sandbox-post{border:1px solid #ddd;border-left:.35rem solid ${accent};border-radius:.5rem;padding:.8rem 1rem;margin:1rem 0}
.sandbox-post .text{white-space:pre-wrap;margin:.2rem 0 .6rem}
.sandbox-post .meta{color:#666;font-size:.85rem}
.account{font-weight:600}.account .handle{color:#666;font-weight:400}
.replies{margin-left:1.5rem;border-left:2px dotted ${accent};padding-left:.8rem}
.media{display:flex;flex-wrap:wrap;gap:.5rem;margin:.4rem 0}
.media img,.media video{max-width:100%;max-height:28rem;border-radius:.4rem;background:#f2f2f2}
.media .missing{font-size:.85rem;color:#666}`;

/** A sandbox post's page: its text, the replies chained under it and its images and videos (docs/decisions.md, "The sandbox platform"). */
export function renderSandboxThread(thread: SandboxThread): { title: string; body: Html } {
  const platform = thread.post.platform;
  const name = isPlatform(platform) ? descriptorOf(platform).displayName : platform;
  const accent = isPlatform(platform) ? descriptorOf(platform).brandColor : '#555555';
  const style = new Html(STYLE(accent));
  const body = html`<style>${style}</style>
<p class="sandbox-banner">Sandbox: this post was published to a sandbox <span class="platform">${name}</span> account, kept by this Dispatch service. Nothing was sent to ${name}.</p>
<h1><span class="platform">${name}</span> post</h1>
${accountLine(thread.account)}
${postBlock(thread.post, thread.media.get(thread.post.id) ?? [])}
${
  thread.replies.length === 0
    ? ''
    : html`<section class="replies" aria-label="${laterSegments(platform)}">
<h2>${laterSegments(platform)}</h2>
${thread.replies.map((reply) => postBlock(reply, thread.media.get(reply.id) ?? []))}
</section>`
}`;
  return { title: `${name} sandbox post`, body };
}

/** Who posted it: the account's name and handle, as the platform would show them above a post. */
function accountLine(account: SandboxThread['account']): Html | string {
  if (account === null) return '';
  const handle = account.handle.startsWith('@') ? account.handle : `@${account.handle}`;
  return html`<p class="account">${account.displayName === null ? '' : html`${account.displayName} `}<span class="handle">${handle}</span></p>`;
}

/** What the platform calls the segments after the first: replies in a thread, comments under a post. */
function laterSegments(platform: string): string {
  if (!isPlatform(platform)) return 'Later segments';
  const followUps = capabilitiesOf(platform).followUpSegments;
  return followUps === 'thread' ? 'Replies' : followUps === 'comments' ? 'Comments' : 'Later segments';
}

function postBlock(post: SandboxPost, media: readonly SandboxMediaView[]): Html {
  return html`<article class="sandbox-post" id="${post.id}">
<p class="text">${post.text}</p>
${media.length === 0 ? '' : html`<div class="media">${media.map(mediaElement)}</div>`}
<p class="meta">Posted ${post.createdAt.toISOString()} · id <code>${post.id}</code></p>
</article>`;
}

function mediaElement(m: SandboxMediaView): Html {
  if (m.url === null) return html`<p class="missing">Media <code>${m.id}</code> is no longer in the library.</p>`;
  if (m.kind === 'video') {
    return html`<video controls preload="metadata" src="${m.url}"${m.posterUrl === null ? '' : html` poster="${m.posterUrl}"`} aria-label="${m.altText ?? 'video'}"></video>`;
  }
  return html`<img src="${m.url}" alt="${m.altText ?? ''}">`;
}
