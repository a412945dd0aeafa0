import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCE_FOLDERS = ['domain', 'application', 'adapters', 'config', 'test', 'bench', 'scripts'];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js)$/.test(entry.name) ? [full] : [];
  });
}

/** Every document a file names: anything ending in `.md`. */
const citationsIn = (source: string): string[] => [...source.matchAll(/[A-Za-z0-9_./-]*\.md\b/g)].map((m) => m[0]);

describe("citations: code cites the project's own documents only", () => {
  it('every .md a source file names is README.md or a file under docs/ that exists', () => {
    const broken: string[] = [];
    for (const file of SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))) {
      if (file === __filename) continue;
      for (const cited of citationsIn(fs.readFileSync(file, 'utf8'))) {
        const inRepository = cited === 'README.md' || cited.startsWith('docs/');
        if (!inRepository || !fs.existsSync(path.join(ROOT, cited))) broken.push(`${path.relative(ROOT, file)}: ${cited}`);
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it('notices a citation of a document outside the repository', () => {
    expect(citationsIn('// as ../shared/SPEC.md says, and docs/spec.md')).to.deep.equal(['../shared/SPEC.md', 'docs/spec.md']);
  });
});
