import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { dialectOf } from '../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { eventually } from '../../test/support/workerProcess';
import { type BenchDatabase } from '../databases';
import { checkedCalls } from './checkedCalls';
import { engineComposition } from './engineComposition';
import { startEngineWorkers, type WorkerMode } from './engineWorkers';
import { cpuMeter, type CpuUse, cpuUse, databaseServerPid } from './processCpu';
import { seedDueTargets } from './seedDueTargets';
import { countTimedCalls, readTimedCalls } from './timedCallPublisher';

/** Targets falling due one after the other at a steady rate (issue 25, item 2). */
export interface SteadyPlan {
  readonly ratePerSecond: number;
  readonly seconds: number;
  readonly connections: number;
  readonly workers: number;
  readonly mode: WorkerMode;
  /** How long after the workers are polling the first target falls due. */
  readonly startInMs: number;
}

export interface SteadyRow {
  readonly database: BenchDatabase['name'];
  readonly plan: SteadyPlan;
  readonly targets: number;
  /** Lag: the publish call's time minus the target's own scheduledAt. */
  readonly lagP50Ms: number;
  readonly lagP99Ms: number;
  readonly lagMaxMs: number;
  /** The earliest call's lag (negative: before its time). */
  readonly lagMinMs: number;
  /** Calls made before their target's time (must be none). */
  readonly early: number;
  readonly callsPerWorker: readonly number[];
  readonly failedTicks: number;
  readonly tickFailures: readonly string[];
  readonly cpu: { readonly workers: CpuUse | null; readonly database: CpuUse | null };
}

/**
 * One steady row: rate × seconds targets seeded (round-robin over the connections), then
 * given due times 1 / rate apart from a start shortly after the workers poll, and every call
 * timed against its own target's time. Throws unless each target was called exactly once,
 * none before its time, all end published and no job is left.
 */
export async function steadyRun(database: BenchDatabase, plan: SteadyPlan): Promise<SteadyRow> {
  const callLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-steady-calls-')), 'calls.log');
  const composition = await engineComposition(database.env, callLog);
  const count = Math.round(plan.ratePerSecond * plan.seconds);
  let workers: Awaited<ReturnType<typeof startEngineWorkers>> | null = null;
  try {
    const dataSource = composition.dataSource!;
    const seeded = await seedDueTargets(composition, count, plan.connections, 1);
    workers = await startEngineWorkers(composition, database, callLog, plan.workers, plan.mode);
    const start = Date.now() + plan.startInMs;
    // Whole milliseconds, as the database stores them: at 819/s a fractional due time would count a call in its own millisecond as early.
    const dueAt = new Map(seeded.targetIds.map((id, i) => [id, start + Math.floor((i * 1000) / plan.ratePerSecond)]));
    await makeDueOneAfterAnother(dataSource, dueAt);
    if (Date.now() >= start) throw new Error(`the targets were given their times only after the first one (${plan.startInMs} ms): raise the margin`);
    await new Promise((resolve) => setTimeout(resolve, start - Date.now()));
    const databasePid = database.name === 'MariaDB' ? databaseServerPid() : null;
    const from = performance.now();
    const workersCpu = cpuMeter(workers.pids);
    const databaseCpu = databasePid === null ? () => null : cpuMeter([databasePid]);
    await eventually(() => countTimedCalls(callLog) >= count, plan.seconds * 1000 + 300_000, `${count} calls`);
    const cpu = cpuUse(workersCpu(), databaseCpu(), (performance.now() - from) / 1000, count);
    const published = async () =>
      Number(((await dataSource.query("SELECT COUNT(*) AS n FROM post_targets WHERE status = 'published'")) as Array<{ n: unknown }>)[0]!.n);
    await eventually(async () => (await published()) === count, 60_000, 'every target published');
    for (const stop of workers.stops.splice(0)) await stop();
    const calls = checkedCalls(readTimedCalls(callLog), seeded.targetIds);
    const left = Number(((await dataSource.query('SELECT COUNT(*) AS n FROM publish_jobs')) as Array<{ n: unknown }>)[0]!.n);
    if (left !== 0) throw new Error(`${left} publish jobs left after every target was published`);
    const lags = calls.map((call) => call.atMs - dueAt.get(call.targetId)!).sort((a, b) => a - b);
    const perPid = new Map<number, number>();
    for (const call of calls) perPid.set(call.pid, (perPid.get(call.pid) ?? 0) + 1);
    return {
      database: database.name,
      plan,
      targets: count,
      lagP50Ms: percentile(lags, 0.5),
      lagP99Ms: percentile(lags, 0.99),
      lagMaxMs: lags[lags.length - 1]!,
      lagMinMs: lags[0]!,
      // The call log's clock is this machine's, as the due times': a call a millisecond early is early.
      early: lags.filter((lag) => lag < 0).length,
      callsPerWorker: [...perPid.values()].sort((a, b) => b - a),
      failedTicks: workers.tickFailures.length,
      tickFailures: [...new Set(workers.tickFailures)],
      cpu,
    };
  } finally {
    for (const stop of workers?.stops ?? []) await stop().catch(() => undefined);
    await composition.close();
    fs.rmSync(path.dirname(callLog), { recursive: true, force: true });
  }
}

/** Nearest rank on sorted values. */
const percentile = (sorted: readonly number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

/** Each target and its job given its own due time (epoch ms), 400 rows per statement, in one transaction. */
async function makeDueOneAfterAnother(dataSource: DataSource, dueAt: ReadonlyMap<string, number>): Promise<void> {
  const d = dialectOf(dataSource);
  const entries = [...dueAt];
  await dataSource.transaction(async (m) => {
    for (let from = 0; from < entries.length; from += 400) {
      const chunk = entries.slice(from, from + 400);
      const cases = chunk.map(() => 'WHEN ? THEN ?').join(' ');
      const params = chunk.flatMap(([id, at]) => [id, d.date(new Date(at))]);
      const ids = chunk.map(([id]) => id);
      const marks = ids.map(() => '?').join(', ');
      await m.query(`UPDATE post_targets SET scheduled_at = CASE id ${cases} END WHERE id IN (${marks})`, [...params, ...ids]);
      await m.query(`UPDATE publish_jobs SET not_before = CASE target_id ${cases} END WHERE target_id IN (${marks})`, [...params, ...ids]);
    }
  });
}
