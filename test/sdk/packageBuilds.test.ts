import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');
const SDK = path.join(ROOT, 'sdk');
// The SDK's own TypeScript 5 (sdk/node_modules): openapi-typescript needs its JS API, which the root's TypeScript 7 has not.
const TSC = path.join(SDK, 'node_modules', '.bin', 'tsc');
const run = promisify(execFile);

async function tsc(project: string): Promise<void> {
  await run(TSC, ['-p', project], { cwd: SDK, timeout: 120_000 }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`tsc -p sdk/${project} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
}

describe('@dispatch/sdk compiles with its own TypeScript 5, builds, and loads as a package', function () {
  this.timeout(120_000);

  it("is installed with TypeScript 5 beside it, apart from the root project's TypeScript 7", async () => {
    const { stdout } = await run(TSC, ['--version'], { cwd: SDK });
    expect(stdout).to.match(/^Version 5\./);
  });

  it('type-checks its sources, its scripts, the README twins and its type tests (sdk/tsconfig.json)', async () => {
    await tsc('tsconfig.json');
  });

  it('builds dist/ (CommonJS and declarations) that require() and import() load by the package name', async () => {
    await tsc('tsconfig.build.json');
    const script = "const s = require('@dispatch/sdk'); console.log(require.resolve('@dispatch/sdk'), typeof s.createDispatch, typeof s.verifyWebhook)";
    const { stdout: required } = await run(process.execPath, ['-e', script], { cwd: ROOT });
    expect(required.trim()).to.equal(`${path.join(SDK, 'dist', 'index.js')} function function`);
    const esm = "import { createDispatch, DispatchError } from '@dispatch/sdk'; console.log(typeof createDispatch, typeof DispatchError)";
    const { stdout: imported } = await run(process.execPath, ['--input-type=module', '-e', esm], { cwd: ROOT });
    expect(imported.trim()).to.equal('function function');
  });

  it("type-checks the README twins against the built declarations, as a user's project sees the package (sdk/tsconfig.dist.json)", async () => {
    // The build of the test above, or of `npm run build -w @dispatch/sdk`.
    await tsc('tsconfig.dist.json');
  });
});
