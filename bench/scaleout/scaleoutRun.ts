import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { PostTargetSchema } from '../../adapters/outbound/persistence/typeorm/schemas/PostTargetSchema';
import { PublishJobSchema } from '../../adapters/outbound/persistence/typeorm/schemas/PublishJobSchema';
import { Fixtures } from '../../test/support/testApp';
import { OWNER_EMAIL } from '../../test/support/data/people';
import { eventually } from '../../test/support/workerProcess';
import { type BenchDatabase } from '../databases';
import { callFigures, type CallFigures } from '../engine/callFigures';
import { checkedCalls } from '../engine/checkedCalls';
import { ENGINE_SECRET_KEY, engineComposition } from '../engine/engineComposition';
import { cpuMeter, databaseServerPid } from '../engine/processCpu';
import { seedDueTargets } from '../engine/seedDueTargets';
import { countTimedCalls, readTimedCalls } from '../engine/timedCallPublisher';
import { type ApiLoadClient } from './apiLoadClient';
import { type LoadOutcome } from './apiLoadProtocol';
import { type LoadedWorkspace, loadMix, sentWithKey } from './loadMix';
import { startScaleoutProcesses } from './scaleoutProcesses';
import { checkSharedLimit, type SharedLimitCheck } from './sharedRateLimit';

/** One row of the scale-out suite: how many of each process, and what they are given to do. */
export interface ScaleoutPlan {
  readonly name: string;
  readonly apiProcesses: number;
  readonly workers: number;
  /** Whether the seeded targets fall due (else they stay a day ahead, and the API load alone runs). */
  readonly publish: boolean;
  /** Requests per second of API load, 0 for none. */
  readonly rate: number;
  /** Whether the load acts on every seeded workspace, each with its own key, or on the first alone (its count rows then shared by every write). */
  readonly loadOn: 'every workspace' | 'one workspace';
}

export interface ScaleoutSettings {
  readonly targets: number;
  readonly connections: number;
  readonly workspaces: number;
  /** How long the API load runs in a row where nothing falls due. */
  readonly apiSeconds: number;
  readonly warmupSeconds: number;
  readonly dueInMs: number;
  readonly redisUrl: string;
}

/** CPU seconds per second of wall time over the measured window, null where /proc could not tell. */
export interface CoresUsed {
  readonly api: number | null;
  readonly workers: number | null;
  readonly database: number | null;
  /** MariaDB's cores in the seconds just before, with this row's processes up and idle: the other databases' work on a shared server. */
  readonly databaseBefore: number | null;
  readonly redis: number | null;
}

export interface ScaleoutRow {
  readonly plan: ScaleoutPlan;
  readonly seconds: number;
  readonly engine: CallFigures | null;
  readonly load: LoadOutcome | null;
  readonly limit: SharedLimitCheck | null;
  readonly cores: CoresUsed;
  readonly failedTicks: number;
  readonly tickFailures: readonly string[];
}

/** The limit every API process is given: the highest the config takes, so the load is never refused; counted over one window longer than the run. */
const RATE_LIMIT = 1_000_000;
const PROBE_REQUESTS = 30;
/** How long MariaDB's CPU is read before a row's measured window, to tell the other databases' work on the server apart. */
const BACKGROUND_MS = 3000;

/**
 * One row on a fresh database: the targets seeded (the engine bench's seed, a day ahead),
 * the processes started, the load warmed up, then either the targets made due at one instant
 * while the load runs, until every target is called, or the load alone for `apiSeconds`.
 * Throws when a target was called other than exactly once, did not end published, or a job
 * is left; checks that the API processes share the rate limit's counters.
 */
export async function scaleoutRun(database: BenchDatabase, plan: ScaleoutPlan, settings: ScaleoutSettings, load: ApiLoadClient): Promise<ScaleoutRow> {
  const callLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-scaleout-calls-')), 'calls.log');
  const composition = await engineComposition(database.env, callLog);
  try {
    const dataSource = composition.dataSource!;
    const seeded = await seedDueTargets(composition, settings.targets, settings.connections, settings.workspaces);
    const given = new Fixtures(composition);
    const loaded: LoadedWorkspace[] = [];
    for (const workspaceId of plan.loadOn === 'one workspace' ? seeded.workspaceIds.slice(0, 1) : seeded.workspaceIds) {
      loaded.push({
        workspaceId,
        postIds: seeded.posts.filter((post) => post.workspaceId === workspaceId).map((post) => post.postId),
        connectionId: await given.connection(workspaceId, 'twitter', '@scaleout'),
        apiKey: (await given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key,
      });
    }
    const probeKey = (await given.apiKey(seeded.workspaceIds[0]!, OWNER_EMAIL, 'owner')).key;
    const loadKey = loaded[0]!.apiKey;
    const mix = loadMix(loaded);
    const env = {
      ...database.env,
      SECRET_KEY: ENGINE_SECRET_KEY,
      BOOTSTRAP: 'false',
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: settings.redisUrl,
      RATE_LIMIT_REDIS_PREFIX: `bench-scaleout:${process.pid}:${Date.now()}:`,
      RATE_LIMIT_MAX: String(RATE_LIMIT),
      RATE_LIMIT_WINDOW_SECONDS: '86400',
    };
    const processes = await startScaleoutProcesses(env, plan.apiProcesses, plan.workers, callLog);
    let stopped: Promise<{ readonly tickFailures: readonly string[] }> | null = null;
    try {
      const baseUrls = processes.api.map((service) => service.baseUrl);
      const plannedLoad = (seconds?: number) => ({ baseUrls, rate: plan.rate, mix, seconds });
      // What the first workspace's key sent, and whether every request of the load was answered as it should (then each was counted).
      let loadSent = 0;
      let loadAllOk = true;
      const tally = (outcome: LoadOutcome | null) => {
        loadSent += sentWithKey(mix, outcome?.sent ?? 0, loadKey);
        loadAllOk &&= outcome === null || outcome.ok === outcome.sent;
      };
      if (plan.rate > 0) tally(await load.start(plannedLoad(settings.warmupSeconds)).done);
      const databaseBefore = await databaseCoresOver(BACKGROUND_MS);

      const dueAt = new Date(Date.now() + settings.dueInMs);
      if (plan.publish) await makeSeededDue(dataSource, dueAt);
      if (Date.now() >= dueAt.getTime()) throw new Error(`the targets were made due only after their time (${settings.dueInMs} ms): raise the margin`);
      await new Promise((resolve) => setTimeout(resolve, dueAt.getTime() - Date.now()));

      const meters = meterCores(
        processes.api.map((s) => s.pid),
        processes.workers.map((w) => w.pid),
      );
      const running = plan.rate > 0 ? load.start(plannedLoad(plan.publish ? undefined : settings.apiSeconds)) : null;
      if (plan.publish) await eventually(() => countTimedCalls(callLog) >= settings.targets, 600_000, `${settings.targets} calls`);
      else await new Promise((resolve) => setTimeout(resolve, settings.apiSeconds * 1000));
      const outcome = running === null ? null : plan.publish ? await running.stop() : await running.done;
      const { cores: used, seconds } = meters();
      const cores = { ...used, databaseBefore };
      tally(outcome);

      let engine: CallFigures | null = null;
      if (plan.publish) {
        const published = () => countOf(dataSource, "SELECT COUNT(*) AS n FROM post_targets WHERE status = 'published'");
        await eventually(async () => (await published()) === settings.targets, 60_000, 'every target published');
        engine = callFigures(checkedCalls(readTimedCalls(callLog), seeded.targetIds), dueAt);
        const jobsLeft = await countOf(dataSource, 'SELECT COUNT(*) AS n FROM publish_jobs');
        if (jobsLeft !== 0) throw new Error(`${jobsLeft} publish jobs left after every target was published`);
      } else if (countTimedCalls(callLog) !== 0) throw new Error('a target was published in a row where none was due');
      const limit = baseUrls.length > 0 && plan.rate > 0 ? await checkSharedLimit(baseUrls, RATE_LIMIT, probeKey, PROBE_REQUESTS, loadKey, loadSent) : null;
      if (limit !== null && (!limit.probeCountedOnce || (loadAllOk && limit.loadCounted !== limit.loadSent))) {
        throw new Error(`the API processes do not share the rate limit: ${JSON.stringify(limit)}`);
      }
      stopped = processes.stop();
      const { tickFailures } = await stopped;
      return { plan, seconds, engine, load: outcome, limit, cores, failedTicks: tickFailures.length, tickFailures: [...new Set(tickFailures)] };
    } finally {
      if (stopped === null) await processes.stop().catch(() => undefined);
    }
  } finally {
    await composition.close();
    fs.rmSync(path.dirname(callLog), { recursive: true, force: true });
  }
}

/** Moves every seeded target that has a job (the load's drafts have none) and its job to `dueAt`, in one transaction. */
async function makeSeededDue(dataSource: DataSource, dueAt: Date): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.createQueryBuilder().update(PostTargetSchema).set({ scheduledAt: dueAt }).where('id IN (SELECT target_id FROM publish_jobs)').execute();
    await manager.createQueryBuilder().update(PublishJobSchema).set({ notBefore: dueAt }).where('1 = 1').execute();
  });
}

/** Starts measuring the CPU of the API processes, the workers, MariaDB and Redis; the returned function says how many cores each used since. */
function meterCores(apiPids: readonly number[], workerPids: readonly number[]): () => { cores: Omit<CoresUsed, 'databaseBefore'>; seconds: number } {
  const databasePid = databaseServerPid();
  const redisPid = processNamed('redis-server');
  const started = performance.now();
  const meter = (pids: readonly number[]) => (pids.length === 0 ? () => null : cpuMeter(pids));
  const api = meter(apiPids);
  const workers = meter(workerPids);
  const database = meter(databasePid === null ? [] : [databasePid]);
  const redis = meter(redisPid === null ? [] : [redisPid]);
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const cores = (used: number | null) => (used === null ? null : used / seconds);
    return { seconds, cores: { api: cores(api()), workers: cores(workers()), database: cores(database()), redis: cores(redis()) } };
  };
}

/** MariaDB's cores over the next `ms`, null where /proc cannot tell. */
async function databaseCoresOver(ms: number): Promise<number | null> {
  const pid = databaseServerPid();
  if (pid === null) return null;
  const meter = cpuMeter([pid]);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const used = meter();
  return used === null ? null : used / (ms / 1000);
}

/** The pid of the first process whose command is `name`, or null. */
function processNamed(name: string): number | null {
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return null;
}

async function countOf(dataSource: DataSource, sql: string): Promise<number> {
  const [row] = (await dataSource.query(sql)) as Array<{ n: number | string }>;
  return Number(row!.n);
}
