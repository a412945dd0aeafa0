import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

export interface PngBombOptions {
  readonly width?: number;
  readonly height?: number;
  /** Adam7-interlaced: a decoder cannot stream it row by row, so it holds the whole picture. */
  readonly interlaced?: boolean;
  readonly name?: string;
}

/**
 * A decompression bomb: a valid PNG of `width`×`height` pixels of one colour (1-bit indices
 * into a two-colour palette, so a decoder expands them to RGB), whose rows of zeros deflate
 * to almost nothing (16000×16000 is about 31 KB). Written by hand rather than with sharp,
 * which takes seconds to encode the pixels it then compresses.
 */
export async function makePngBomb(dir: string, options: PngBombOptions = {}): Promise<string> {
  const { width = 16_000, height = 16_000, interlaced = false } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 1, palette, deflate, adaptive filters, interlace method.
  header.set([1, 3, 0, 0, interlaced ? 1 : 0], 8);
  const palette = Buffer.from([0x33, 0x66, 0xcc, 0xff, 0xff, 0xff]);
  const rows = Buffer.alloc(interlaced ? adam7Bytes(width, height) : rowBytes(width, height));
  const file = path.join(dir, options.name ?? `bomb-${width}x${height}${interlaced ? '-interlaced' : ''}.png`);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = [chunk('IHDR', header), chunk('PLTE', palette), chunk('IDAT', zlib.deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))];
  await fs.writeFile(file, Buffer.concat([signature, ...chunks]));
  return file;
}

/** Each row: a filter-type byte, then one bit per pixel (all zero: the first colour). */
const rowBytes = (width: number, height: number): number => (width === 0 ? 0 : height * (1 + Math.ceil(width / 8)));

/** The seven sub-images of Adam7 (x start, y start, x step, y step), one after another. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function adam7Bytes(width: number, height: number): number {
  return ADAM7.reduce((total, [x, y, dx, dy]) => {
    const passWidth = Math.max(0, Math.ceil((width - x) / dx));
    const passHeight = Math.max(0, Math.ceil((height - y) / dy));
    return total + (passHeight === 0 ? 0 : rowBytes(passWidth, passHeight));
  }, 0);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
