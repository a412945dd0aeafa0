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

export async function probeVideo(ffprobe: string, file: string): Promise<VideoProbe> {
  const output = await runTool(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], PROBE_TIMEOUT_MS);
  return videoFacts(JSON.parse(output) as ProbeOutput);
}

function videoFacts(probe: ProbeOutput): VideoProbe {
  const streams = probe.streams ?? [];
  // A cover picture in an MP4 is a "video" stream too; it is not the video.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video?.codec_name || !video.width || !video.height) throw new NotAVideo('the file has no video stream');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const durationSeconds = Number(probe.format?.duration ?? video.duration);
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
