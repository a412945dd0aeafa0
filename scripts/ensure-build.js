// `npm start` and `npm run worker` build first when dist/ is missing or older than the sources.
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const entries = ['main.js', 'worker.js', 'migrate.js'].map((name) => path.join(root, 'dist', 'config', name));

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
const newest = Math.max(...sources);
const stale = entries.some((entry) => !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < newest);
if (stale) {
  process.stderr.write('dispatch: building…\n');
  execSync('npx tsc -p tsconfig.build.json', { cwd: root, stdio: 'inherit' });
}
