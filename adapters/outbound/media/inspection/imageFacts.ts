import sharp from 'sharp';

/** An image's size as people see it: EXIF orientation applied (a quarter turn swaps width and height). */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Reads the header for the size, then decodes a small thumbnail of the whole image, so a
 * truncated or damaged file fails here rather than on a platform.
 */
export async function readImageSize(file: string): Promise<ImageSize> {
  const metadata = await sharp(file).metadata();
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new Error('the image has no size');
  await sharp(file, { failOn: 'truncated' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  return { width, height };
}
