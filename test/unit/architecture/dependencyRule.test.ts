import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { folderCircles } from './folderCircles';

const ROOT = path.resolve(__dirname, '../../..');

function typescriptFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return typescriptFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module a file imports or requires, resolved to a path from the root for relative ones. */
export function importsOf(file: string, root = ROOT): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
  return specifiers.map((s) => (s.startsWith('.') ? path.relative(root, path.resolve(path.dirname(file), s)) : s));
}

function violations(layer: string, allowed: (target: string) => boolean, root = ROOT): string[] {
  return typescriptFiles(path.join(root, layer)).flatMap((file) =>
    importsOf(file, root)
      .filter((target) => !allowed(target))
      .map((target) => `${path.relative(root, file)} imports ${target}`),
  );
}

const isNodeBuiltin = (target: string) => target.startsWith('node:');

describe('the dependency rule', () => {
  it('domain/ imports nothing outside domain/ (Node built-ins aside)', () => {
    expect(violations('domain', (t) => t.startsWith('domain/') || isNodeBuiltin(t))).to.deep.equal([]);
  });

  it('application/ imports only domain/ and application/', () => {
    expect(violations('application', (t) => t.startsWith('domain/') || t.startsWith('application/') || isNodeBuiltin(t))).to.deep.equal([]);
  });

  it('adapters/ never import config/', () => {
    expect(violations('adapters', (t) => !t.startsWith('config/'))).to.deep.equal([]);
  });

  it('inbound adapters never import outbound ones: they meet only through application ports, wired by config/', () => {
    const found = violations('adapters/inbound', (t) => !t.startsWith('adapters/outbound/'));
    expect(found).to.deep.equal([]);
  });

  it('no two folders import each other, directly or round a circle, at any level', () => {
    expect(folderCircles(ROOT)).to.deep.equal([]);
  });

  it('would catch a circle between folders and an inbound adapter importing an outbound one', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dependency-circle-'));
    const write = (file: string, source: string) => {
      fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      fs.writeFileSync(path.join(scratch, file), source);
    };
    try {
      write('domain/a/deep/A.ts', "import { B } from '../../b/B';\nexport const A = 1;\n");
      write('domain/b/B.ts', "import { C } from '../c/C';\nexport const B = 1;\n");
      write('domain/c/C.ts', "import { A } from '../a/deep/A';\nexport const C = 1;\n");
      write('domain/a/deep/x/X.ts', "import { Y } from '../y/Y';\n");
      write('domain/a/deep/y/Y.ts', "import { X } from '../x/X';\n");
      write('adapters/inbound/http/R.ts', "import { S } from '../../outbound/store/S';\n");
      expect(folderCircles(scratch)).to.deep.equal(['domain/a/deep: x, y', 'domain: a, b, c']);
      expect(violations('adapters/inbound', (t) => !t.startsWith('adapters/outbound/'), scratch)).to.deep.equal([
        'adapters/inbound/http/R.ts imports adapters/outbound/store/S',
      ]);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('would catch a violation (the checker itself can fail)', () => {
    // A scratch tree, never the source tree: an interrupted run must not leave a file behind.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dependency-rule-'));
    try {
      fs.mkdirSync(path.join(scratch, 'domain'));
      fs.writeFileSync(path.join(scratch, 'domain', 'probe.ts'), "import { x } from '../adapters/y';\nimport Koa from 'koa';\n");
      expect(violations('domain', (t) => t.startsWith('domain/'), scratch)).to.have.length(2);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
