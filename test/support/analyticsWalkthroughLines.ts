import { expect } from 'chai';

/**
 * What the analytics walk-through prints, whether run as the shell block (docs/walkthroughs.md)
 * or as its SDK twin (sdk/examples/analytics.ts): the newest published post's figures, one line
 * per target, each with figures (they were read); then the month, whose views are the platforms'
 * (a platform none of whose posts was read yet says null).
 */
export function expectAnalyticsLines(lines: readonly string[]): void {
  const monthAt = lines.findIndex((l) => l.startsWith('month'));
  const perTarget = lines.slice(0, monthAt).map((l) => /^(\w+)\s+views (\d+)\s+likes (\d+)\s+reposts (\d+)$/.exec(l));
  expect(perTarget.length, lines.join('\n')).to.be.greaterThan(0);
  expect(
    perTarget.every((m) => m !== null),
    lines.join('\n'),
  ).to.equal(true);
  const month = /^month\s+(\d+) posts, views (\d+)$/.exec(lines[monthAt]!);
  expect(month, lines.join('\n')).to.not.equal(null);
  const byPlatform = lines.slice(monthAt + 1).map((l) => /^(\w+)\s+views (\d+|null)$/.exec(l));
  expect(
    byPlatform.every((m) => m !== null),
    lines.join('\n'),
  ).to.equal(true);
  for (const m of perTarget) expect(byPlatform.map((p) => p![1])).to.include(m![1]);
  const reported = byPlatform.filter((p) => p![2] !== 'null').map((p) => Number(p![2]));
  expect(Number(month![2])).to.equal(reported.reduce((a, b) => a + b, 0));
  expect(Number(month![2]), 'the figures grew past zero').to.be.greaterThan(0);
}
