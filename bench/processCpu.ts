import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (100 on Linux almost always). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system) another process has spent so far, from /proc/<pid>/stat (Linux). */
export function cpuSecondsOfProcess(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: the fields after its closing parenthesis start at field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds the bench's own process has spent so far (the in-process servers). */
export function cpuSecondsOfThisProcess(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Resolves once another process has stopped working off a load run: two 100 ms windows in a
 * row in which it spent under 10 ms of CPU (a worker's poll costs less), at most `limitMs`.
 * What `idle()` of an in-process server tells exactly, seen from outside.
 */
export async function quietProcess(pid: number, limitMs = 5000): Promise<void> {
  let quiet = 0;
  let before = cpuSecondsOfProcess(pid);
  for (let waited = 0; waited < limitMs && quiet < 2; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = cpuSecondsOfProcess(pid);
    quiet = now - before < 0.01 ? quiet + 1 : 0;
    before = now;
  }
}
