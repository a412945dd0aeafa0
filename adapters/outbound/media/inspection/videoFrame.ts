import fs from 'node:fs/promises';
import { runTool } from './runTool';

const FRAME_TIMEOUT_MS = 30_000;
/** How far before its end a video's last frame is looked for: seeking to the very end finds none. */
const END_MARGIN_SECONDS = 0.1;

/** The time to take a frame at: `atSeconds` kept within the video, [0, duration). */
export function clampToVideo(atSeconds: number, durationSeconds: number): number {
  const last = Math.max(0, durationSeconds - END_MARGIN_SECONDS);
  if (!Number.isFinite(atSeconds) || atSeconds < 0) return 0;
  return Math.min(atSeconds, last);
}

/**
 * Writes the frame at `atSeconds` as a JPEG to `out` (ffmpeg applies the video's rotation);
 * the decoder refuses frames of more than `maxFramePixels` (decoderPixelGuard).
 */
export async function writeVideoFrame(ffmpeg: string, file: string, atSeconds: number, out: string, maxFramePixels: number): Promise<void> {
  const input = ['-max_pixels', String(maxFramePixels), '-ss', atSeconds.toFixed(3), '-i', file];
  const args = ['-v', 'error', '-nostdin', '-y', ...input, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '3', out];
  try {
    await runTool(ffmpeg, args, FRAME_TIMEOUT_MS);
    const written = await fs.stat(out);
    if (written.size === 0) throw new Error(`ffmpeg found no frame at ${atSeconds} s`);
  } catch (error) {
    await fs.rm(out, { force: true });
    throw error;
  }
}
