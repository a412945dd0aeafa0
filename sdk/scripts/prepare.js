// `npm install` (prepare) builds dist/ with the SDK's own TypeScript 5. An install without dev
// dependencies (npm ci --omit=dev, as a production image of the service may do) has none: the
// root's TypeScript 7 would be found instead, so the build is skipped, with a line saying so.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const sdk = path.join(__dirname, '..');
let typescript;
try {
  typescript = path.dirname(require.resolve('typescript/package.json', { paths: [sdk] }));
} catch {
  typescript = undefined;
}
const version = typescript === undefined ? undefined : require(path.join(typescript, 'package.json')).version;
if (version === undefined || !version.startsWith('5.')) {
  process.stderr.write(`@dispatch/sdk: dist/ not built (TypeScript 5 is a dev dependency; found ${version ?? 'none'}): npm run build -w @dispatch/sdk\n`);
} else {
  execFileSync(process.execPath, [path.join(typescript, 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: sdk, stdio: 'inherit' });
}
