// `npm start` builds first when dist/ is missing or older than the sources.
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const entry = path.join(root, 'dist', 'config', 'main.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['domain', 'application', 'adapters', 'config'].map((d) => newestSource(path.join(root, d)));
const stale = !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < Math.max(...sources);
if (stale) {
  process.stderr.write('dispatch: building…\n');
  execSync('npx tsc -p tsconfig.build.json', { cwd: root, stdio: 'inherit' });
}
