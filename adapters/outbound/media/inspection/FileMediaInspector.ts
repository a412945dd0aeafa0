import { type Inspection, type MediaInspector } from '../../../../application/ports/MediaInspector';
import { acceptedKind, describeType, LOCATION_BEARING_IMAGES } from './acceptedTypes';
import { detectType } from './detectType';
import { NotAVideo, probeVideo } from './ffprobe';
import { readImageSize } from './imageFacts';
import { FFPROBE_MISSING, ToolFailed, ToolMissing } from './runTool';
import { rewriteWithoutLocation } from './stripLocation';
import { clampToVideo, writeVideoFrame } from './videoFrame';

/**
 * Inspects files on local disk: the type from the bytes (file-type), images with sharp,
 * videos with ffprobe and ffmpeg, run as programs at the given paths.
 */
export class FileMediaInspector implements MediaInspector {
  constructor(
    private readonly ffprobePath = 'ffprobe',
    private readonly ffmpegPath = 'ffmpeg',
  ) {}

  async inspect(file: string): Promise<Inspection> {
    const detected = await detectType(file);
    if (!detected) return refused('the file is not an image or a video (its bytes match no known type)');
    const kind = acceptedKind(detected.mime);
    if (!kind) return refused(`${describeType(detected)} is not an image or a video the service accepts`);
    return kind === 'image' ? this.inspectImage(file, detected.mime) : this.inspectVideo(file, detected.mime);
  }

  async stripLocation(file: string): Promise<void> {
    const detected = await detectType(file);
    if (detected && LOCATION_BEARING_IMAGES.has(detected.mime)) await rewriteWithoutLocation(file, detected.mime);
  }

  async videoFrame(file: string, atSeconds: number, out: string): Promise<void> {
    const probe = await probeVideo(this.ffprobePath, file);
    await writeVideoFrame(this.ffmpegPath, file, clampToVideo(atSeconds, probe.durationSeconds), out);
  }

  private async inspectImage(file: string, mimeType: string): Promise<Inspection> {
    try {
      const { width, height } = await readImageSize(file);
      return { ok: true, facts: { kind: 'image', mimeType, width, height, durationSeconds: null, videoCodec: null, audioCodec: null } };
    } catch (error) {
      return refused(`the ${mimeType} image cannot be read (${(error as Error).message}); it may be damaged or cut short`);
    }
  }

  private async inspectVideo(file: string, mimeType: string): Promise<Inspection> {
    try {
      const probe = await probeVideo(this.ffprobePath, file);
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
