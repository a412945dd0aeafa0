import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Where time must come from the Clock port (or a `now` the composition passes), never from the
 * wall clock: the tests then move time on instead of sleeping it. The clock adapter
 * (adapters/outbound/clock/) is the one place that reads it.
 */
const CLOCKED = ['domain', 'application', 'adapters/outbound/platforms', 'adapters/outbound/logging/AvailabilityLog.ts'];

/** `Date.now` (called or passed on) and `new Date()` with nothing to parse: the wall clock. */
const WALL_CLOCK = [/\bDate\.now\b/, /\bnew\s+Date\s*\(\s*\)/, /\bnew\s+Date\b\s*(?![\s(])/];

function typescriptFiles(target: string): string[] {
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs.readdirSync(target, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) return typescriptFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The source without its comments (a `//` right after a `:` is a URL's, kept). */
const withoutComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** Each line reading the wall clock, as `file:line: text`. */
export function wallClockReads(targets: readonly string[], root = ROOT): string[] {
  return targets.flatMap((target) =>
    typescriptFiles(path.join(root, target)).flatMap((file) =>
      withoutComments(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .flatMap((line, index) => (WALL_CLOCK.some((pattern) => pattern.test(line)) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`] : [])),
    ),
  );
}

describe('time comes from the clock, not the wall clock', () => {
  it('domain/, application/, the platform connectors and AvailabilityLog never call Date.now() or new Date() themselves', () => {
    expect(wallClockReads(CLOCKED)).to.deep.equal([]);
  });

  it('would catch a read of the wall clock, and lets dates parsed from a value and comments through (the checker itself can fail)', () => {
    // A scratch tree, never the source tree: an interrupted run must not leave a file behind.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'wall-clock-'));
    try {
      fs.mkdirSync(path.join(scratch, 'domain'));
      const probe = [
        'const a = Date.now();',
        'const b = new Date();',
        'const c = { now: Date.now };',
        'const d = new Date;',
        'const e = new Date(a);',
        "const f = new Date('2030-01-01T00:00:00Z');",
        '// Date.now() in a comment',
        '/* new Date() in a block comment */',
        "const g = 'https://example.test'; const h = Date.now();",
        "const i = new Intl.DateTimeFormat('en'); class DateLike {} const j = new DateLike();",
      ].join('\n');
      fs.writeFileSync(path.join(scratch, 'domain', 'probe.ts'), probe);
      expect(wallClockReads(['domain'], scratch).map((read) => read.split(':')[1])).to.deep.equal(['1', '2', '3', '4', '9']);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
