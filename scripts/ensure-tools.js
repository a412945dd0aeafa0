// `npm install` (postinstall): media inspection needs ffprobe and ffmpeg from Debian's ffmpeg
// package (README, "Quick start"; docs/media.md). Installed here when missing and this user may (root with apt-get);
// otherwise a plain message says how. The service runs without them: videos are then refused.
const { execFileSync, spawnSync } = require('node:child_process');

const has = (program) => spawnSync(program, ['-version'], { stdio: 'ignore' }).status === 0;
const missing = ['ffprobe', 'ffmpeg'].filter((program) => !has(program));

if (missing.length > 0 && process.env.DISPATCH_SKIP_TOOLS !== '1') {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (root && apt) {
    process.stderr.write(`dispatch: installing Debian's ffmpeg (${missing.join(' and ')} missing) for media inspection…\n`);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'ffmpeg'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch {
      process.stderr.write('dispatch: could not install ffmpeg; videos will be refused until it is installed (apt-get install ffmpeg)\n');
    }
  } else {
    process.stderr.write(
      `dispatch: ${missing.join(' and ')} not found: videos will be refused until Debian's ffmpeg is installed (sudo apt-get install ffmpeg; on macOS: brew install ffmpeg)\n`,
    );
  }
}
