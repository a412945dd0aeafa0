import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_INSPECTION_LIMITS } from '../adapters/outbound/media/inspection/inspectionLimits';
import { makePngBomb } from '../test/support/imageBombs';
import { sqliteDatabase } from './databases';
import { startService } from './service';

/**
 * The `bombs` suite (issue 19): BENCH_BOMBS (20) uploads of a 31 KB PNG that decodes to
 * 16000×16000 pixels, sent at once to the real service on SQLite; once with a plain PNG
 * (a decoder can stream its rows) and once Adam7-interlaced (a decoder holds the whole
 * picture, 732 MiB in RGB). The service runs in this process (bench/service.ts), so this
 * process's resident memory is the service's: its peak during the burst (the kernel's
 * high-water mark, reset first, and VmRSS sampled every 10 ms) over its RSS just before.
 * The uploads themselves are 20 × 31 KB, too little to weigh on the figure. A last row sends
 * interlaced bombs just inside MEDIA_MAX_IMAGE_PIXELS: those are decoded, and what bounds
 * their cost is how many are decoded at once (MEDIA_INSPECTION_CONCURRENCY).
 */
const BOMBS = Number(process.env.BENCH_BOMBS ?? 20);
const TARGET_GROWTH_MIB = 300;
const MiB = 2 ** 20;

interface Burst {
  readonly bomb: string;
  readonly baselineMiB: number;
  readonly peakMiB: number;
  readonly afterMiB: number;
  readonly answers: string;
  readonly seconds: number;
  readonly reason: string | undefined;
  readonly peakSource: string;
}

export async function bombsSuite(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-bench-bombs-'));
  const database = sqliteDatabase();
  try {
    const plain = await makePngBomb(dir);
    const interlaced = await makePngBomb(dir, { interlaced: true });
    const side = Math.floor(Math.sqrt(DEFAULT_INSPECTION_LIMITS.maxImagePixels));
    const atLimit = await makePngBomb(dir, { width: side, height: side, interlaced: true });
    // MEDIA_* settings from the bench's own environment reach the service, to compare limits.
    const media = Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('MEDIA_') && entry[1] !== undefined);
    const service = await startService({ ...database.env, ...Object.fromEntries(media) });
    try {
      const upload = `${service.server.baseUrl}/v1/workspaces/${service.workspaceId}/media/upload`;
      const send = (bytes: Buffer) => {
        const form = new FormData();
        form.append('file', new Blob([bytes], { type: 'image/png' }), 'bomb.png');
        return fetch(upload, { method: 'POST', headers: { authorization: `Bearer ${service.apiKey}` }, body: form });
      };
      // One small upload first, so lazily loaded code (sharp, file-type) is in the baseline.
      await (await send(fs.readFileSync(await makePngBomb(dir, { width: 64, height: 64 })))).text();
      const bursts = [
        await burst('16000×16000, plain', plain, send),
        await burst('16000×16000, interlaced', interlaced, send),
        await burst(`${side}×${side}, interlaced, inside the limit`, atLimit, send),
      ];
      return report(bursts);
    } finally {
      await service.close();
    }
  } finally {
    await database.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function burst(bomb: string, file: string, send: (bytes: Buffer) => Promise<Response>): Promise<Burst> {
  const bytes = fs.readFileSync(file);
  (globalThis as { gc?: () => void }).gc?.();
  const baselineMiB = residentMiB();
  const peak = peakMeter();
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: BOMBS }, async () => answerOf(await send(bytes))));
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = peak.stop();
  const result: Burst = {
    bomb: `${bomb} (${(bytes.length / 1024).toFixed(0)} KB)`,
    baselineMiB,
    peakMiB,
    afterMiB: residentMiB(),
    answers: countBy(answers.map((a) => String(a.status))),
    seconds,
    reason: answers.find((a) => a.status === 422)?.reason,
    peakSource: peak.source,
  };
  console.log(
    `${BOMBS} × ${result.bomb} PNG at once: RSS ${baselineMiB.toFixed(0)} MiB before, peak ${peakMiB.toFixed(0)} MiB (growth ${(peakMiB - baselineMiB).toFixed(0)} MiB), answers ${result.answers} in ${seconds.toFixed(1)} s`,
  );
  return result;
}

function report(bursts: readonly Burst[]): string {
  const rows = bursts.map(
    (b) =>
      `| ${b.bomb} | ${BOMBS} | ${b.baselineMiB.toFixed(0)} | ${b.peakMiB.toFixed(0)} | **${(b.peakMiB - b.baselineMiB).toFixed(0)}** | ${b.afterMiB.toFixed(0)} | ${b.answers} | ${b.seconds.toFixed(1)} |`,
  );
  const reason = bursts.find((b) => b.reason !== undefined)?.reason;
  const settings = Object.keys(process.env).filter((name) => name.startsWith('MEDIA_'));
  return [
    `### Decompression bombs (SQLite${settings.length > 0 ? `; ${settings.map((name) => `${name}=${process.env[name]}`).join(', ')}` : ''})`,
    '',
    `| PNG bomb | at once | RSS before MiB | peak RSS MiB | growth MiB (target < ${TARGET_GROWTH_MIB}) | RSS after MiB | answers | seconds |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...rows,
    '',
    `peak: ${bursts[0]?.peakSource}${reason ? `; the refusal: "${reason}"` : ''}`,
  ].join('\n');
}

async function answerOf(response: Response): Promise<{ status: number; reason: string | undefined }> {
  const body = (await response.json()) as { error?: { details?: { message: string }[] } };
  return { status: response.status, reason: body.error?.details?.[0]?.message };
}

const countBy = (values: readonly string[]): string =>
  [...new Set(values)]
    .sort()
    .map((value) => `${values.filter((v) => v === value).length} × ${value}`)
    .join(', ');

function statusField(name: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'));
  if (!match) throw new Error(`/proc/self/status has no ${name}`);
  return (Number(match[1]) * 1024) / MiB;
}

const residentMiB = () => statusField('VmRSS');

/**
 * The highest RSS from now until `stop()`: the kernel's high-water mark (reset by writing 5 to
 * /proc/self/clear_refs, Linux 4.0+) catches what a sampler between two ticks would miss;
 * the sampler stands in where that reset is refused.
 */
function peakMeter(): { stop(): number; readonly source: string } {
  let kernel = true;
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    kernel = false;
  }
  let sampled = residentMiB();
  const timer = setInterval(() => {
    sampled = Math.max(sampled, residentMiB());
  }, 10);
  return {
    source: kernel ? 'VmHWM after a reset (and VmRSS every 10 ms)' : 'VmRSS every 10 ms (the high-water mark could not be reset)',
    stop() {
      clearInterval(timer);
      return Math.max(sampled, residentMiB(), kernel ? statusField('VmHWM') : 0);
    },
  };
}
