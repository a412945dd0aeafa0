import { type Inspection, type MediaInspector } from '../../../../application/ports/MediaInspector';
import { acceptedKind, describeType, LOCATION_BEARING_IMAGES } from './acceptedTypes';
import { detectType } from './detectType';
import { NotAVideo, probeDeclared, probeVideo } from './ffprobe';
import { decodeThumbnail, readImageHeader } from './imageFacts';
import { DEFAULT_INSPECTION_LIMITS, decoderPixelGuard, imageOverLimit, type InspectionLimits, videoOverLimits } from './inspectionLimits';
import { FFPROBE_MISSING, ToolFailed, ToolMissing } from './runTool';
import { settleSharpForUploads } from './sharpSettings';
import { rewriteWithoutLocation } from './stripLocation';
import { clampToVideo, writeVideoFrame } from './videoFrame';
import { WorkQueue } from './WorkQueue';

/**
 * Inspects files on local disk: the type from the bytes (file-type), images with sharp,
 * videos with ffprobe and ffmpeg, run as programs at the given paths. A file's size (pixels,
 * frames, length) is read from its header and checked against the limits before anything is
 * decoded, and at most `limits.concurrency` files are worked on at once, the rest waiting in
 * turn: a small file can decode to gigabytes (docs/decisions.md, "Media").
 */
export class FileMediaInspector implements MediaInspector {
  private readonly queue: WorkQueue;

  constructor(
    private readonly ffprobePath = 'ffprobe',
    private readonly ffmpegPath = 'ffmpeg',
    private readonly limits: InspectionLimits = DEFAULT_INSPECTION_LIMITS,
  ) {
    settleSharpForUploads();
    this.queue = new WorkQueue(limits.concurrency);
  }

  inspect(file: string): Promise<Inspection> {
    return this.queue.run(() => this.inspectNow(file));
  }

  stripLocation(file: string): Promise<void> {
    return this.queue.run(async () => {
      const detected = await detectType(file);
      if (detected && LOCATION_BEARING_IMAGES.has(detected.mime)) await rewriteWithoutLocation(file, detected.mime, this.limits.maxImagePixels);
    });
  }

  videoFrame(file: string, atSeconds: number, out: string): Promise<void> {
    return this.queue.run(async () => {
      const probe = await probeVideo(this.ffprobePath, file, decoderPixelGuard(this.limits.maxVideoPixels));
      const tooLarge = videoOverLimits(probe, this.limits);
      if (tooLarge) throw new Error(`no frame is taken from it: ${tooLarge}`);
      await writeVideoFrame(this.ffmpegPath, file, clampToVideo(atSeconds, probe.durationSeconds), out, decoderPixelGuard(this.limits.maxVideoPixels));
    });
  }

  private async inspectNow(file: string): Promise<Inspection> {
    const detected = await detectType(file);
    if (!detected) return refused('the file is not an image or a video (its bytes match no known type)');
    const kind = acceptedKind(detected.mime);
    if (!kind) return refused(`${describeType(detected)} is not an image or a video the service accepts`);
    return kind === 'image' ? this.inspectImage(file, detected.mime) : this.inspectVideo(file, detected.mime);
  }

  private async inspectImage(file: string, mimeType: string): Promise<Inspection> {
    try {
      const header = await readImageHeader(file);
      const tooLarge = imageOverLimit(header, this.limits.maxImagePixels);
      if (tooLarge) return refused(tooLarge);
      await decodeThumbnail(file, this.limits.maxImagePixels);
      const { width, height } = header;
      return { ok: true, facts: { kind: 'image', mimeType, width, height, durationSeconds: null, videoCodec: null, audioCodec: null } };
    } catch (error) {
      return refused(`the ${mimeType} image cannot be read (${(error as Error).message}); it may be damaged or cut short`);
    }
  }

  private async inspectVideo(file: string, mimeType: string): Promise<Inspection> {
    try {
      // The headers first, so a video too large or too long has no frame decoded at all.
      const declaredTooLarge = videoOverLimits(await probeDeclared(this.ffprobePath, file), this.limits);
      if (declaredTooLarge) return refused(declaredTooLarge);
      const probe = await probeVideo(this.ffprobePath, file, decoderPixelGuard(this.limits.maxVideoPixels));
      const tooLarge = videoOverLimits(probe, this.limits);
      if (tooLarge) return refused(tooLarge);
      return { ok: true, facts: { kind: 'video', mimeType, ...probe } };
    } catch (error) {
      if (error instanceof ToolMissing) return refused(FFPROBE_MISSING);
      if (error instanceof NotAVideo) return refused(`the ${mimeType} file cannot be used: ${error.message}`);
      if (error instanceof ToolFailed) {
        const why = error.timedOut ? 'reading it took too long' : toolMessage(error.stderr, file);
        return refused(`the ${mimeType} video cannot be read (${why}); it may be damaged or cut short`);
      }
      throw error;
    }
  }
}

function refused(reason: string): Inspection {
  return { ok: false, reason };
}

/** ffprobe's complaints on one line, without the demuxer's and the file's prefixes, e.g. "moov atom not found; Invalid data found when processing input". */
function toolMessage(stderr: string, file: string): string {
  const lines = stderr
    .split('\n')
    .map((line) =>
      line
        .replace(/^\[[^\]]*\]\s*/, '')
        .replace(`${file}: `, '')
        .trim(),
    )
    .filter(Boolean);
  return lines.length > 0 ? [...new Set(lines)].join('; ') : 'no message from ffprobe';
}
