import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Rewrites the image in place with its EXIF orientation applied to the pixels and no
 * metadata at all (sharp writes none unless asked): the EXIF GPS location goes, and so
 * does any location in XMP or IPTC. The ICC profile is kept so colours do not shift.
 * Animated WebP stays animated. Written next to the file, then renamed over it. sharp
 * refuses to decode more than `maxPixels` (every frame counted), as inspection did.
 */
export async function rewriteWithoutLocation(file: string, mimeType: string, maxPixels: number): Promise<void> {
  const metadata = await sharp(file).metadata();
  if (!metadata.exif && !metadata.xmp && !metadata.iptc) return;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const image = sharp(file, { animated: mimeType === 'image/webp', limitInputPixels: maxPixels })
      .autoOrient()
      .keepIccProfile();
    await encodeAs(image, mimeType).toFile(temporary);
    await fs.rename(temporary, file);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

function encodeAs(image: sharp.Sharp, mimeType: string): sharp.Sharp {
  switch (mimeType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 92, mozjpeg: true });
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: 92 });
    case 'image/avif':
      return image.avif({ quality: 80 });
    default:
      throw new Error(`no location to strip from ${mimeType}`);
  }
}
