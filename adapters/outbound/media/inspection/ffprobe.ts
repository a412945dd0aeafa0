import { type VideoSize } from './inspectionLimits';
import { runTool } from './runTool';

/** What ffprobe tells about a video file. */
export interface VideoProbe {
  readonly durationSeconds: number;
  /** As players show it: a stream rotated a quarter turn has its width and height swapped. */
  readonly width: number;
  readonly height: number;
  readonly videoCodec: string;
  readonly audioCodec: string | null;
}

interface ProbedStream {
  readonly codec_type?: string;
  readonly codec_name?: string;
  readonly width?: number;
  readonly height?: number;
  readonly duration?: string;
  readonly tags?: { readonly rotate?: string };
  readonly side_data_list?: readonly { readonly rotation?: number }[];
  readonly disposition?: { readonly attached_pic?: number };
}

interface ProbeOutput {
  readonly streams?: readonly ProbedStream[];
  readonly format?: { readonly duration?: string };
}

/** A file ffprobe could read that is still not a usable video (no picture, no length). */
export class NotAVideo extends Error {}

const PROBE_TIMEOUT_MS = 30_000;
/**
 * How much of a file ffprobe reads, and decodes, to fill in what the headers leave out:
 * ffmpeg's own defaults (5 MB, 5 s), stated so that no build reads more of a hostile file.
 */
const PROBE_BOUNDS = ['-probesize', '5000000', '-analyzeduration', '5000000'];
const SHOW = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'];

/**
 * What the container's headers declare, read without decoding a frame (-nofind_stream_info):
 * the size and length to check before anything is decoded. Each is null when the headers do
 * not say (a fragmented MP4's length, say); the full probe then tells.
 */
export async function probeDeclared(ffprobe: string, file: string): Promise<VideoSize> {
  const probe = JSON.parse(await runTool(ffprobe, [...SHOW, '-nofind_stream_info', file], PROBE_TIMEOUT_MS)) as ProbeOutput;
  const video = pictureStream(probe);
  const duration = durationOf(probe, video);
  return { width: video?.width || null, height: video?.height || null, durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null };
}

/**
 * The video's facts. ffprobe decodes the first frames to find what headers leave out, within
 * PROBE_BOUNDS, and its decoders refuse a frame of more than `maxFramePixels` (should the
 * headers have understated it: decoderPixelGuard).
 */
export async function probeVideo(ffprobe: string, file: string, maxFramePixels: number): Promise<VideoProbe> {
  const args = [...SHOW, ...PROBE_BOUNDS, '-max_pixels', String(maxFramePixels), file];
  return videoFacts(JSON.parse(await runTool(ffprobe, args, PROBE_TIMEOUT_MS)) as ProbeOutput);
}

/** A cover picture in an MP4 is a "video" stream too; it is not the video. */
const pictureStream = (probe: ProbeOutput): ProbedStream | undefined =>
  probe.streams?.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);

const durationOf = (probe: ProbeOutput, video: ProbedStream | undefined): number => Number(probe.format?.duration ?? video?.duration);

function videoFacts(probe: ProbeOutput): VideoProbe {
  const video = pictureStream(probe);
  if (!video?.codec_name || !video.width || !video.height) throw new NotAVideo('the file has no video stream');
  const audio = probe.streams?.find((s) => s.codec_type === 'audio');
  const durationSeconds = durationOf(probe, video);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new NotAVideo('the video has no length');
  const quarterTurned = Math.abs(rotationDegrees(video)) % 180 === 90;
  return {
    durationSeconds,
    width: quarterTurned ? video.height : video.width,
    height: quarterTurned ? video.width : video.height,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
  };
}

/** The display matrix's rotation (recent ffmpeg), else the older `rotate` tag. */
function rotationDegrees(stream: ProbedStream): number {
  const fromMatrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  if (fromMatrix !== undefined) return fromMatrix;
  const tagged = Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(tagged) ? tagged : 0;
}
