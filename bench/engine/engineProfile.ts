import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { sqliteDatabase } from '../databases';
import { eventually } from '../../test/support/workerProcess';
import { engineComposition } from './engineComposition';
import { startEngineWorkers } from './engineWorkers';
import { makeDueAt, seedDueTargets } from './seedDueTargets';
import { countTimedCalls } from './timedCallPublisher';

const TARGETS = Number(process.env.BENCH_PROFILE_TARGETS ?? 4000);
const CONNECTIONS = 100;
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 40);

/**
 * Where the SQLite engine's CPU goes (docs/performance.md, issue 25): TARGETS targets due at
 * one instant, one worker loop in this process, CPU-profiled (inspector, 1 ms samples) from
 * the due instant to the last call only, so the seeding is not in it. Prints CPU per target
 * and the functions with the most self time, and writes the profile for a viewer.
 * `npx tsx bench/engine/engineProfile.ts [profile.cpuprofile]`; BENCH_PROFILE_SQL=1 also times each statement (which costs CPU of its own).
 */
async function main(): Promise<void> {
  const sqlTimes = process.env.BENCH_PROFILE_SQL === '1' ? timeStatements() : new Map<string, { ms: number; calls: number }>();
  const database = sqliteDatabase();
  const callLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-engine-profile-')), 'calls.log');
  const composition = await engineComposition(database.env, callLog);
  try {
    await seedDueTargets(composition, TARGETS, CONNECTIONS, 1);
    const workers = await startEngineWorkers(composition, database, callLog, 1, 'in-process');
    const session = new inspector.Session();
    session.connect();
    const post = (method: string, params?: object) =>
      new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
    const dueAt = new Date(Date.now() + 1500);
    await makeDueAt(composition.dataSource!, dueAt);
    await new Promise((resolve) => setTimeout(resolve, dueAt.getTime() - Date.now()));
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 1000 });
    await post('Profiler.start');
    sqlTimes.clear();
    const cpuFrom = process.cpuUsage();
    const wallFrom = Date.now();
    await eventually(() => countTimedCalls(callLog) >= TARGETS, 300_000, `${TARGETS} calls`);
    const cpu = process.cpuUsage(cpuFrom);
    const wall = Date.now() - wallFrom;
    const { profile } = (await post('Profiler.stop')) as { profile: CpuProfile };
    for (const stop of workers.stops) await stop();
    const cpuMs = (cpu.user + cpu.system) / 1000;
    console.log(`${TARGETS} targets in ${wall} ms: ${(TARGETS / (wall / 1000)).toFixed(0)} targets/s, CPU ${(cpuMs / TARGETS).toFixed(3)} ms/target`);
    printTop(profile);
    if (sqlTimes.size > 0) console.log(`\nSQLite statements (ms of the run per target, calls per target):`);
    for (const [sql, { ms, calls }] of [...sqlTimes.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) {
      console.log(`${(ms / TARGETS).toFixed(3)} ${(calls / TARGETS).toFixed(2)}  ${sql}`);
    }
    const out = process.argv[2];
    if (out !== undefined) fs.writeFileSync(out, JSON.stringify(profile));
  } finally {
    await composition.close();
    await database.cleanup();
    fs.rmSync(path.dirname(callLog), { recursive: true, force: true });
  }
}

/** Time in better-sqlite3's statements, by the statement's first words (patched on the Statement prototype). */
function timeStatements(): Map<string, { ms: number; calls: number }> {
  const times = new Map<string, { ms: number; calls: number }>();
  const Database = require('better-sqlite3');
  const probe = new Database(':memory:').prepare('SELECT 1');
  const proto = Object.getPrototypeOf(probe);
  for (const method of ['run', 'all', 'get']) {
    const original = proto[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const from = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const key = this.source.slice(0, 70).replace(/\s+/g, ' ');
        const entry = times.get(key) ?? { ms: 0, calls: 0 };
        entry.ms += performance.now() - from;
        entry.calls++;
        times.set(key, entry);
      }
    };
  }
  return times;
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function, and by file: the largest first. */
function printTop(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^.*\/(node_modules\/(@[^/]+\/)?[^/]+|work\/main)\//, '$1/') || '(native)';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    byFile.set(file, (byFile.get(file) ?? 0) + delta);
    total += delta;
  });
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([key, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`)
      .join('\n');
  console.log(`\nself time by function (${(total / 1000).toFixed(0)} ms sampled):\n${top(self)}`);
  console.log(`\nself time by file:\n${top(byFile)}`);
  console.log(`\ntime including callees, the service's own functions:\n${top(inclusive(profile, byId))}`);
}

/** Each sample counted once for every distinct function of the service's code on its stack. */
function inclusive(profile: CpuProfile, byId: Map<number, CpuProfile['nodes'][number]>): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      if (!url.includes('/work/main/') || url.includes('node_modules')) continue;
      const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/work\/main\//, '')}`;
      if (!seen.has(key)) totals.set(key, (totals.get(key) ?? 0) + delta);
      seen.add(key);
    }
  });
  return totals;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
