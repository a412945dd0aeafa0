import { formatDuration } from '../../../../domain/media/MediaUnits';

/** How large a file the inspector decodes, and how many it works on at once (README, "Configuration"). */
export interface InspectionLimits {
  /** Width × height, times the frames of an animation: checked from the header before any decode. */
  readonly maxImagePixels: number;
  /** Width × height of one video frame, from ffprobe before ffmpeg decodes a frame. */
  readonly maxVideoPixels: number;
  readonly maxVideoSeconds: number;
  /** Inspections, location strips and frame extractions at once; the rest wait their turn. */
  readonly concurrency: number;
}

/**
 * 120 MP takes every camera's full resolution up to 100-MP medium format (11648×8736 is
 * 101.8 MP) and refuses the 200-MP mode of some phones, whose files are past every
 * platform's image size anyway (docs/platforms-media.md: 20 MB at most). 8192×8192 frames
 * take 8K video in any orientation. 12 hours is the longest video any platform takes
 * (YouTube). Two at once: one per core of the machines the service is sized for.
 */
export const DEFAULT_INSPECTION_LIMITS: InspectionLimits = {
  maxImagePixels: 120_000_000,
  maxVideoPixels: 8192 * 8192,
  maxVideoSeconds: 12 * 3600,
  concurrency: 2,
};

/**
 * The -max_pixels given to ffprobe's and ffmpeg's decoders, a guard should a header understate
 * the frames: twice the limit, because a decoder counts its padded buffers (an H.264 frame of
 * 160×120 is allocated as 192×120), so the limit itself would refuse videos the check took.
 * ffmpeg takes at most INT_MAX.
 */
export const decoderPixelGuard = (maxVideoPixels: number): number => Math.min(2 * maxVideoPixels, 2 ** 31 - 1);

const count = (n: number): string => n.toLocaleString('en-US');

/** Why an image is too large to decode, or null when it is not. */
export function imageOverLimit(image: { width: number; height: number; pages: number }, maxPixels: number): string | null {
  const pixels = image.width * image.height * image.pages;
  if (pixels <= maxPixels) return null;
  const size = image.pages > 1 ? `an animation of ${image.pages} frames of ${image.width}×${image.height}` : `${image.width}×${image.height}`;
  return `the image is ${size} (${count(pixels)} pixels), more than the ${count(maxPixels)} pixels the service accepts; make it smaller and upload it again`;
}

/** What ffprobe reads of a video, each part null when it does not know it yet. */
export interface VideoSize {
  readonly width: number | null;
  readonly height: number | null;
  readonly durationSeconds: number | null;
}

/** Why a video is too large or too long to decode frames of, or null when it is not. */
export function videoOverLimits(video: VideoSize, limits: Pick<InspectionLimits, 'maxVideoPixels' | 'maxVideoSeconds'>): string | null {
  const { width, height, durationSeconds } = video;
  if (width !== null && height !== null && width * height > limits.maxVideoPixels) {
    return `the video's frames are ${width}×${height} (${count(width * height)} pixels), more than the ${count(limits.maxVideoPixels)} pixels per frame the service accepts`;
  }
  if (durationSeconds !== null && durationSeconds > limits.maxVideoSeconds) {
    return `the video is ${formatDuration(durationSeconds)} long, longer than the ${formatDuration(limits.maxVideoSeconds)} the service accepts`;
  }
  return null;
}
