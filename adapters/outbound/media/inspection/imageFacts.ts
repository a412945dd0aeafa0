import sharp from 'sharp';

/** What an image's header says, read without decoding a pixel. */
export interface ImageHeader {
  /** As people see it: EXIF orientation applied (a quarter turn swaps width and height). */
  readonly width: number;
  readonly height: number;
  /** Frames of an animated GIF or WebP; 1 for a still image. */
  readonly pages: number;
}

export async function readImageHeader(file: string): Promise<ImageHeader> {
  // No pixel limit for the header alone: sharp's own (268 million) would refuse a larger image
  // here with "exceeds pixel limit", before imageOverLimit can say its size and ours.
  const metadata = await sharp(file, { limitInputPixels: false }).metadata();
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new Error('the image has no size');
  return { width, height, pages: metadata.pages ?? 1 };
}

/**
 * Decodes a small thumbnail of the whole image (its first frame), so a truncated or damaged
 * file fails here rather than on a platform. sharp refuses to start on an image of more than
 * `maxPixels`: the header was checked already, this guards the decode itself.
 */
export async function decodeThumbnail(file: string, maxPixels: number): Promise<void> {
  await sharp(file, { failOn: 'truncated', limitInputPixels: maxPixels }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
}
