import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { FileMediaInspector } from '../../../adapters/outbound/media/inspection/FileMediaInspector';
import { decodeThumbnail } from '../../../adapters/outbound/media/inspection/imageFacts';
import { DEFAULT_INSPECTION_LIMITS, decoderPixelGuard } from '../../../adapters/outbound/media/inspection/inspectionLimits';
import { rewriteWithoutLocation } from '../../../adapters/outbound/media/inspection/stripLocation';
import { writeVideoFrame } from '../../../adapters/outbound/media/inspection/videoFrame';
import { makeJpegWithLocation, makePng, makeVideo } from '../../support/mediaFiles';

/**
 * The inspector's bounds (issue 19), seen through wrapped ffprobe and ffmpeg: each logs when
 * it starts and ends, and with what arguments, then runs the real tool.
 */
describe('FileMediaInspector: limits and the queue', () => {
  let dir: string;
  let video: string;
  const logOf = (tool: string) => path.join(dir, `${tool}.log`);

  /** A script that logs "start <pid> <args>" and "end <pid>" around the real tool, holding it 0.2 s so runs at once would overlap. */
  async function wrapped(tool: string): Promise<string> {
    const real = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
    const script = path.join(dir, `logged-${tool}`);
    const log = logOf(tool);
    await fs.writeFile(script, `#!/bin/sh\necho "start $$ $*" >> '${log}'\nsleep 0.2\n'${real}' "$@"\nstatus=$?\necho "end $$" >> '${log}'\nexit $status\n`, {
      mode: 0o755,
    });
    return script;
  }

  /** The message a promise fails with (the test fails if it succeeds). */
  const failureOf = (promise: Promise<unknown>): Promise<string> =>
    promise.then(
      () => expect.fail('expected a failure'),
      (error: Error) => error.message,
    );

  const logLines = async (tool: string) => (await fs.readFile(logOf(tool), 'utf8').catch(() => '')).split('\n').filter(Boolean);

  /** The most runs of a tool under way at one moment, from its log. */
  async function mostAtOnce(tool: string): Promise<number> {
    let running = 0;
    let most = 0;
    for (const line of await logLines(tool)) {
      running += line.startsWith('start ') ? 1 : -1;
      most = Math.max(most, running);
    }
    return most;
  }

  before(async function () {
    this.timeout(60_000);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-inspection-limits-'));
    video = await makeVideo(dir, { seconds: 2, width: 160, height: 120, audio: false });
  });
  after(async () => dir && fs.rm(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    await fs.rm(logOf('ffprobe'), { force: true });
    await fs.rm(logOf('ffmpeg'), { force: true });
  });

  it('with a concurrency of 1, inspections and frame extractions asked for at once run one after another, and all finish', async function () {
    this.timeout(30_000);
    const inspector = new FileMediaInspector(await wrapped('ffprobe'), await wrapped('ffmpeg'), { ...DEFAULT_INSPECTION_LIMITS, concurrency: 1 });
    const inspections = Array.from({ length: 4 }, () => inspector.inspect(video));
    const frames = [0.5, 1].map((at) => inspector.videoFrame(video, at, path.join(dir, `frame-${at}.jpg`)));
    const results = await Promise.all(inspections);
    await Promise.all(frames);

    expect(results.map((r) => r.ok)).to.deep.equal([true, true, true, true]);
    // Each inspection probes twice (headers, then the full probe); each frame once, then runs ffmpeg.
    expect((await logLines('ffprobe')).filter((line) => line.startsWith('start'))).to.have.length(10);
    const ffmpegStarts = (await logLines('ffmpeg')).filter((line) => line.startsWith('start'));
    expect(ffmpegStarts).to.have.length(2);
    const all = [...(await logLines('ffprobe')), ...(await logLines('ffmpeg'))];
    expect(await mostAtOnce('ffprobe'), 'ffprobe runs at once').to.equal(1);
    expect(await mostAtOnce('ffmpeg'), 'ffmpeg runs at once').to.equal(1);
    expect(all).to.have.length(24);
  });

  it('a video larger than the limit is refused from its headers: no frame is decoded, not even by ffprobe', async () => {
    const inspector = new FileMediaInspector(await wrapped('ffprobe'), 'ffmpeg', { ...DEFAULT_INSPECTION_LIMITS, maxVideoPixels: 10_000 });
    const inspection = await inspector.inspect(video);
    expect(inspection).to.deep.equal({
      ok: false,
      reason: "the video's frames are 160×120 (19,200 pixels), more than the 10,000 pixels per frame the service accepts",
    });
    const starts = (await logLines('ffprobe')).filter((line) => line.startsWith('start'));
    expect(starts).to.have.length(1);
    expect(starts[0]).to.include('-nofind_stream_info');
  });

  it('no frame is taken from a video past the limits: ffmpeg never runs', async () => {
    const inspector = new FileMediaInspector('ffprobe', await wrapped('ffmpeg'), { ...DEFAULT_INSPECTION_LIMITS, maxVideoSeconds: 1 });
    const out = path.join(dir, 'refused-frame.jpg');
    expect(await failureOf(inspector.videoFrame(video, 0.5, out))).to.equal(
      'no frame is taken from it: the video is 2 s long, longer than the 1 s the service accepts',
    );
    expect(await logLines('ffmpeg')).to.deep.equal([]);
    await fs.access(out).then(
      () => expect.fail('no frame file should be written'),
      () => undefined,
    );
  });

  describe('the decoders refuse past the limit themselves (a second guard, should a header lie)', () => {
    it("sharp's inspection thumbnail", async () => {
      const png = await makePng(dir, 120, 80);
      await decodeThumbnail(png, 120 * 80);
      expect(await failureOf(decodeThumbnail(png, 120 * 80 - 1))).to.match(/exceeds pixel limit/);
    });

    it("sharp's location strip, leaving the file as it was", async () => {
      const jpeg = await makeJpegWithLocation(dir, 'large-located.jpg');
      const before = await fs.readFile(jpeg);
      expect(await failureOf(rewriteWithoutLocation(jpeg, 'image/jpeg', 40 * 20 - 1))).to.match(/exceeds pixel limit/);
      expect((await fs.readFile(jpeg)).equals(before)).to.equal(true);
      expect((await fs.readdir(dir)).filter((name) => name.endsWith('.tmp'))).to.deep.equal([]);
    });

    it("ffmpeg's frame extraction, leaving no file", async () => {
      const out = path.join(dir, 'guarded-frame.jpg');
      expect(await failureOf(writeVideoFrame('ffmpeg', video, 0.5, out, 10_000))).to.match(/exceeds specified max pixel count/);
      await fs.access(out).then(
        () => expect.fail('no frame file should be left'),
        () => undefined,
      );
      await writeVideoFrame('ffmpeg', video, 0.5, out, decoderPixelGuard(160 * 120));
      expect((await sharp(out).metadata()).width).to.equal(160);
    });
  });
});
