// Preloaded (NODE_OPTIONS=--require) into a process to profile, since --cpu-prof is refused in
// NODE_OPTIONS: samples from SIGUSR2 (after start-up and warm-up) to exit, and writes
// CPU_PROFILE_DIR/<pid>.cpuprofile.
const fs = require('node:fs');
const path = require('node:path');
const inspector = require('node:inspector');

const session = new inspector.Session();
session.connect();
let started = false;
process.on('SIGUSR2', () => {
  if (started) return;
  started = true;
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
});
process.once('exit', () => {
  if (!started) return;
  // The main thread's session answers synchronously: the profile is written before the process ends.
  session.post('Profiler.stop', (error, result) => {
    if (error === null) fs.writeFileSync(path.join(process.env.CPU_PROFILE_DIR, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
