import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) process `pid` has used so far, from /proc (Linux); null elsewhere or once it is gone. */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: it ends at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The pid of the database server on this machine (mariadbd or mysqld), or null. */
export function databaseServerPid(): number | null {
  if (!fs.existsSync('/proc')) return null;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const name = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (name === 'mariadbd' || name === 'mysqld') return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

/** The CPU seconds the processes use together from now until the returned function is called. */
export function cpuMeter(pids: readonly number[]): () => number | null {
  const before = pids.map(cpuSecondsOf);
  return () => {
    const after = pids.map(cpuSecondsOf);
    let used = 0;
    for (let i = 0; i < pids.length; i++) {
      if (before[i] === null || after[i] === null) return null;
      used += after[i]! - before[i]!;
    }
    return used;
  };
}

/** CPU seconds per second of wall time (1.00 = one core busy), and CPU milliseconds per target. */
export interface CpuUse {
  readonly cores: number;
  readonly msPerTarget: number;
}

/** The CPU use of the workers and of the database server (null where /proc could not tell) over `wallSeconds` and `targets`. */
export function cpuUse(workers: number | null, database: number | null, wallSeconds: number, targets: number) {
  const use = (seconds: number | null): CpuUse | null => (seconds === null ? null : { cores: seconds / wallSeconds, msPerTarget: (seconds * 1000) / targets });
  return { workers: use(workers), database: use(database) };
}
