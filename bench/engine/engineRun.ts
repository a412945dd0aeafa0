import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { type DataSource } from 'typeorm';
import { type Composition } from '../../config/container';
import { TOKENS as T } from '../../config/tokens';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhook/WebhookEventType';
import { eventually } from '../../test/support/workerProcess';
import { type BenchDatabase } from '../databases';
import { engineComposition } from './engineComposition';
import { startEngineWorkers, type WorkerMode } from './engineWorkers';
import { checkedCalls } from './checkedCalls';
import { callFigures, type CallFigures } from './callFigures';
import { cpuMeter, type CpuUse, cpuUse, databaseServerPid } from './processCpu';
import { queueBaseline } from './queueBaseline';
import { makeDueAt, seedDueTargets } from './seedDueTargets';
import { countTimedCalls, readTimedCalls } from './timedCallPublisher';

export type { WorkerMode };

export interface EngineRunPlan {
  readonly targets: number;
  readonly connections: number;
  /** Workspaces the connections are spread over: each has post_counts rows of its own. */
  readonly workspaces: number;
  readonly workers: number;
  readonly mode: WorkerMode;
  /** How long after the workers are polling the targets all become due. */
  readonly dueInMs: number;
  /** Every workspace subscribed to every event (docs/webhooks.md): the outbox's cost on the engine. */
  readonly webhooks?: boolean;
}

export interface EngineRow extends CallFigures {
  readonly database: BenchDatabase['name'];
  readonly plan: EngineRunPlan;
  readonly baselinePerSecond: number;
  /** Claims of the baseline that ended in a deadlock (and were tried again). */
  readonly baselineDeadlocks: number;
  /** Ticks the workers logged as failed (they go on at the next poll), and their distinct errors. */
  readonly failedTicks: number;
  readonly tickFailures: readonly string[];
  /** From the due instant to the last call: the worker processes together (on SQLite the bench's own process, whose loop it is), and the database server. */
  readonly cpu: { readonly workers: CpuUse | null; readonly database: CpuUse | null };
}

/**
 * One engine row: `plan.targets` targets seeded on a fresh database, the queue baseline
 * measured on it, then the workers started, the targets made due at one instant, and every
 * call timed until each target is published. Throws when a target was called other than
 * exactly once, or did not end published.
 */
export async function engineRun(database: BenchDatabase, plan: EngineRunPlan): Promise<EngineRow> {
  const callLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-engine-calls-')), 'calls.log');
  const composition = await engineComposition(database.env, callLog);
  let workers: Awaited<ReturnType<typeof startEngineWorkers>> | null = null;
  try {
    const dataSource = composition.dataSource!;
    const seeded = await seedDueTargets(composition, plan.targets, plan.connections, plan.workspaces);
    const settings = composition.get(T.PublishingSettings);
    const baseline = await queueBaseline(composition.get(T.PublishQueue), settings, seeded.posts, plan.targets, plan.workers);
    if (plan.webhooks) await subscribeEveryWorkspace(composition, seeded.workspaceIds);
    workers = await startEngineWorkers(composition, database, callLog, plan.workers, plan.mode);
    const { pids: workerPids, stops, tickFailures } = workers;

    const dueAt = new Date(Date.now() + plan.dueInMs);
    await makeDueAt(dataSource, dueAt);
    if (Date.now() >= dueAt.getTime()) throw new Error(`the targets were made due only after their time (${plan.dueInMs} ms): raise the margin`);
    await new Promise((resolve) => setTimeout(resolve, dueAt.getTime() - Date.now()));
    const databasePid = database.name === 'MariaDB' ? databaseServerPid() : null;
    const meteredFrom = performance.now();
    const workersCpu = cpuMeter(workerPids);
    const databaseCpu = databasePid === null ? () => null : cpuMeter([databasePid]);
    await eventually(() => countTimedCalls(callLog) >= plan.targets, 300_000, `${plan.targets} calls`);
    const cpu = cpuUse(workersCpu(), databaseCpu(), (performance.now() - meteredFrom) / 1000, plan.targets);
    const published = () => countOf(dataSource, "SELECT COUNT(*) AS n FROM post_targets WHERE status = 'published'");
    await eventually(async () => (await published()) === plan.targets, 60_000, 'every target published');
    for (const stop of stops.splice(0)) await stop();

    const calls = checkedCalls(readTimedCalls(callLog), seeded.targetIds);
    const jobsLeft = await countOf(dataSource, 'SELECT COUNT(*) AS n FROM publish_jobs');
    if (jobsLeft !== 0) throw new Error(`${jobsLeft} publish jobs left after every target was published`);
    const announced = await countOf(dataSource, "SELECT COUNT(*) AS n FROM webhook_events WHERE type = 'target.published'");
    if (announced !== (plan.webhooks ? plan.targets : 0)) throw new Error(`${announced} target.published events for ${plan.targets} targets`);
    return {
      ...callFigures(calls, dueAt),
      database: database.name,
      plan,
      baselinePerSecond: baseline.jobsPerSecond,
      baselineDeadlocks: baseline.deadlocks,
      failedTicks: tickFailures.length,
      tickFailures: [...new Set(tickFailures)],
      cpu,
    };
  } finally {
    for (const stop of workers?.stops ?? []) await stop().catch(() => undefined);
    await composition.close();
    fs.rmSync(path.dirname(callLog), { recursive: true, force: true });
  }
}

/** A subscription to every event in each workspace, to an endpoint no worker of this run delivers to (the SQLite row's loop publishes only). */
async function subscribeEveryWorkspace(composition: Composition, workspaceIds: readonly string[]): Promise<void> {
  for (const workspaceId of workspaceIds) {
    await composition.get(T.ManageWebhooks).create(workspaceId, { url: 'http://127.0.0.1:9/bench', eventTypes: WEBHOOK_EVENT_TYPES });
  }
}

/** The `n` a COUNT(*) AS n query answers. */
async function countOf(dataSource: DataSource, sql: string): Promise<number> {
  const [row] = (await dataSource.query(sql)) as Array<{ n: number | string }>;
  return Number(row!.n);
}
