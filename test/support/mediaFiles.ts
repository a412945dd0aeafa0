import { execFile } from 'node:child_process';
import syncFs from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

/** Media files made on the spot for tests: real encoders (sharp, Debian's ffmpeg), no checked-in binaries. */

const run = promisify(execFile);

export async function makePng(dir: string, width: number, height: number, name = `image-${width}x${height}.png`): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toFile(file);
  return file;
}

/**
 * A 40×20 JPEG (stored pixels) with EXIF orientation 6, so people see it 20 wide and 40
 * high, and an EXIF GPS location (IFD3 is the GPS directory in sharp's EXIF object).
 */
export async function makeJpegWithLocation(dir: string, name = 'located.jpg'): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width: 40, height: 20, channels: 3, background: '#cc3333' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Dispatch test camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' },
    })
    .withMetadata({ orientation: 6 })
    .toFile(file);
  return file;
}

export interface VideoOptions {
  readonly seconds: number;
  readonly width: number;
  readonly height: number;
  readonly audio: boolean;
  /** `mp4` (H.264, AAC) or `webm` (VP9, Opus). */
  readonly container?: 'mp4' | 'webm';
  /** Degrees written to the stream's display matrix; players turn the picture by it. */
  readonly rotation?: number;
  readonly name?: string;
}

export async function makeVideo(dir: string, options: VideoOptions): Promise<string> {
  const container = options.container ?? 'mp4';
  const file = path.join(dir, options.name ?? `video-${options.width}x${options.height}-${options.audio ? 'audio' : 'silent'}.${container}`);
  const inputs = ['-f', 'lavfi', '-i', `testsrc=size=${options.width}x${options.height}:rate=25`];
  if (options.audio) inputs.push('-f', 'lavfi', '-i', 'sine=frequency=440');
  const codecs =
    container === 'mp4' ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'] : ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-c:a', 'libopus'];
  await run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...inputs, '-t', String(options.seconds), '-pix_fmt', 'yuv420p', ...codecs, file]);
  if (options.rotation) await setRotation(file, options.rotation);
  return file;
}

/** ffmpeg keeps a `rotate` tag (as a display matrix) only when copying streams, not when encoding. */
async function setRotation(file: string, degrees: number): Promise<void> {
  const rotated = `${file}.rotated${path.extname(file)}`;
  await run('ffmpeg', ['-v', 'error', '-nostdin', '-y', '-i', file, '-c', 'copy', '-metadata:s:v:0', `rotate=${degrees}`, rotated]);
  await fs.rename(rotated, file);
}

/** The first `keptBytes` of a file, as an upload cut short would leave it. */
export async function makeTruncatedCopy(source: string, keptBytes: number, name = `truncated-${path.basename(source)}`): Promise<string> {
  const file = path.join(path.dirname(source), name);
  const bytes = await fs.readFile(source);
  await fs.writeFile(file, bytes.subarray(0, keptBytes));
  return file;
}

/** Whether an EXIF block (as sharp's metadata gives it) points to a GPS directory (tag 0x8825 in IFD0). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

let sharedFiles: Promise<{ photo: string; video: string }> | null = null;

/**
 * A square JPEG photo and a 5-second H.264 video that fit every platform's media rules,
 * made once per test process (ffmpeg is slow to start) in a directory removed at exit.
 */
export function everyPlatformFiles(): Promise<{ photo: string; video: string }> {
  sharedFiles ??= (async () => {
    const dir = syncFs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-media-'));
    process.once('exit', () => syncFs.rmSync(dir, { recursive: true, force: true }));
    const photo = path.join(dir, 'photo.jpg');
    await sharp({ create: { width: 1080, height: 1080, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .jpeg()
      .toFile(photo);
    const video = await makeVideo(dir, { seconds: 5, width: 720, height: 1280, audio: true });
    return { photo, video };
  })();
  return sharedFiles;
}
